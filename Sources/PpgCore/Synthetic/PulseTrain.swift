/// The blood-volume waveform `v(t)` of the synthetic finger: pulses from a `RhythmGenerator`, generated lazily as
/// time advances, normalized as the camera's `pulseScale` says: by default so the unmodulated train peaks at
/// 1/(1 + riav) (≈ a 99th-percentile scaling); with `.peakToPeak`, so it swings from 0 to 1.
/// Keeps only the pulses that can still reach the current time (no growth in steady state unless recording).
struct PulseTrain: Sendable {
    /// How far ahead of the evaluated time beats are generated (covers an ectopic shift of 0.3·RR).
    private static let lookaheadS = 1.0

    private var generator: RhythmGenerator
    private var active: [SyntheticBeat] = []
    private var normalization = 1.0
    /// Subtracted before `normalization` divides: the unmodulated train's trough with `.peakToPeak`, else 0.
    private var offset = 0.0
    private var normalizedForInterval = -1.0
    private var normalizedForShape = PulseShape.broad
    private var normalizedForModulation = -1.0
    private var normalizedForScale = PulseScale.trainPeak
    /// Every pulse generated so far, in onset order, when recording.
    private(set) var recorded: [SyntheticBeat] = []
    /// Whether generated pulses are kept in `recorded`.
    let records: Bool

    init(seed: UInt64, records: Bool) {
        generator = RhythmGenerator(seed: seed)
        self.records = records
        active.reserveCapacity(32)
    }

    /// Normalized blood volume at time `t`; times must not decrease between calls.
    mutating func volume(at t: Double, configuration: SyntheticConfiguration) -> Double {
        let shape = configuration.camera.pulseShape
        refreshNormalization(configuration: configuration)
        generate(through: t + shape.leadS + Self.lookaheadS, configuration: configuration)
        discard(before: t - shape.supportS)
        var sum = 0.0
        for pulse in active {
            let tau = t - pulse.onsetS
            if tau >= -shape.leadS && tau <= shape.supportS { sum += pulse.amplitude * shape.value(at: tau) }
        }
        return (sum - offset) / normalization
    }

    private mutating func generate(through horizon: Double, configuration: SyntheticConfiguration) {
        while generator.upcomingOnsetS <= horizon {
            let (extra, beat) = generator.next(
                rhythm: configuration.rhythm, riav: configuration.camera.riav,
                artifacts: configuration.beatArtifacts, scenario: configuration.scenario)
            if let extra { append(extra) }
            append(beat)
        }
    }

    private mutating func append(_ pulse: SyntheticBeat) {
        active.append(pulse)
        if records { recorded.append(pulse) }
    }

    private mutating func discard(before cutoff: Double) {
        var stale = 0
        while stale < active.count && active[stale].onsetS < cutoff { stale += 1 }
        if stale > 0 { active.removeFirst(stale) }
    }

    private mutating func refreshNormalization(configuration: SyntheticConfiguration) {
        let interval = configuration.rhythm.meanIntervalMs
        let shape = configuration.camera.pulseShape
        let modulation = configuration.camera.riav
        let scale = configuration.camera.pulseScale
        guard interval != normalizedForInterval || shape != normalizedForShape
                || modulation != normalizedForModulation || scale != normalizedForScale else { return }
        let range = shape.periodicTrainRange(periodS: interval / 1000)
        switch scale {
        case .trainPeak:
            normalization = range.upperBound * (1 + abs(modulation))
            offset = 0
        case .peakToPeak:
            normalization = max(range.upperBound - range.lowerBound, .ulpOfOne)
            offset = range.lowerBound
        }
        normalizedForInterval = interval
        normalizedForShape = shape
        normalizedForModulation = modulation
        normalizedForScale = scale
    }
}
