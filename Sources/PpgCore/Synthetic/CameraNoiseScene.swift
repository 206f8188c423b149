/// A camera looking at a steady finger-coloured light (red 200, green 60, blue 20 counts) with white noise on its
/// frame means and no pulse: the pulse-free scene a start gate must never open on, however long it runs. Every
/// frame is drawn from `seed`, so a seed and a noise level name one scene for good.
public enum CameraNoiseScene {
    /// The frames of `seconds` of the scene at 30 fps, with white noise of `noise` counts (σ) on each channel's frame
    /// means and a slow wander of 1 % of the level.
    public static func frames(seed: UInt64, noise: Double, seconds: Double) -> [FrameSample] {
        let light = ChannelTriple(red: 200, green: 60, blue: 20)
        let camera = CameraParameters(framesPerSecond: 30, dc: light,
                                      acFraction: ChannelTriple(red: 0.01, green: 0.02, blue: 0.02),
                                      noise: ChannelTriple(all: noise), wanderFraction: 0.01, wanderFrequencyHz: 0.05)
        let lamp = ScenarioSegment(startS: 0, durationS: seconds,
                                   condition: .ambientLight(level: light, mainsHz: 50, flickerDepth: 0))
        return SyntheticReading(configuration: SyntheticConfiguration(
            seed: seed, rhythm: RhythmParameters(heartRateBpm: 68), camera: camera, scenario: [lamp]),
                                durationS: seconds).frames
    }
}
