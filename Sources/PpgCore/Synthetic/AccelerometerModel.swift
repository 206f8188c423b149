import Glibc

/// The synthetic accelerometer: gravity + breathing movement + white noise + a shake during motion segments whose
/// envelope is the same half-sine as the frames' motion artifact (the two are correlated by construction).
struct AccelerometerModel: Sendable {
    /// Shake frequencies (Hz) along x, y and z: a hand tremor-like mixture.
    private static let shakeFrequenciesHz = (x: 2.3, y: 3.1, z: 1.7)

    let breathingPhase: Double
    let shakePhases: (x: Double, y: Double, z: Double)

    init(random: inout SeededRandom) {
        breathingPhase = random.uniform(in: 0...(2 * Double.pi))
        shakePhases = (random.uniform(in: 0...(2 * Double.pi)), random.uniform(in: 0...(2 * Double.pi)),
                       random.uniform(in: 0...(2 * Double.pi)))
    }

    /// The sample at time `t` given three standard normal draws.
    func sample(at t: Double, configuration: SyntheticConfiguration, draws: ChannelTriple) -> MotionSample {
        let motion = configuration.motion
        var shake = 0.0
        for segment in configuration.scenario where segment.contains(t) {
            if case .motion(_, _, _, let acceleration) = segment.condition {
                shake += acceleration * segment.envelope(at: t)
            }
        }
        let frequencies = Self.shakeFrequenciesHz
        let breathing = motion.breathingAmplitude
            * sin(2 * Double.pi * configuration.rhythm.breathingFrequencyHz * t + breathingPhase)
        return MotionSample(
            timestamp: t,
            x: motion.gravityX + shake * sin(2 * Double.pi * frequencies.x * t + shakePhases.x)
                + motion.noise * draws.red,
            y: motion.gravityY + shake * sin(2 * Double.pi * frequencies.y * t + shakePhases.y)
                + motion.noise * draws.green,
            z: motion.gravityZ + breathing + 0.5 * shake * sin(2 * Double.pi * frequencies.z * t + shakePhases.z)
                + motion.noise * draws.blue)
    }
}
