import NeurofitVitals
/// The exposure tuner's parameters: the `exposure*` configuration keys (the reference Android production values).
public struct ExposureTunerSettings: Sendable, Equatable {
    /// Red DC the tuner aims for.
    public var targetDc: Double = 150
    /// Red DC band in which the tuner locks.
    public var band: ClosedRange<Double> = 120...210
    /// Frames per step, the first `discardFrames` of them ignored.
    public var framesPerStep: Int = 15
    /// Most measurement steps before keeping the best one.
    public var maxSteps: Int = 8
    /// Exponent of the camera's response: `red ∝ sensitivity^gamma`.
    public var gamma: Double = 1.0
    /// Frames ignored at the start of each step (controls land 1–3 frames late, up to 4 buffers are queued).
    public var discardFrames: Int = 5
    /// Cancelled readings after which the tuner no longer tunes again.
    public var maxRetunes: Int = 2

    /// The production defaults.
    public init() {}

    /// The settings a session's configuration asks for (the `exposure*` keys; the frames discarded per step stay
    /// at 5, or fewer when a step is shorter; a reversed band is read the right way round).
    public init(_ advanced: AdvancedConfiguration) {
        targetDc = advanced.exposureTargetDc
        band = min(advanced.exposureDcMin, advanced.exposureDcMax)...max(advanced.exposureDcMin, advanced.exposureDcMax)
        framesPerStep = max(1, advanced.exposureTuneFramesPerStep)
        maxSteps = max(1, advanced.exposureTuneMaxSteps)
        gamma = advanced.exposureTuneGamma
        discardFrames = min(discardFrames, framesPerStep - 1)
        maxRetunes = max(0, advanced.exposureTunerMaxCancels)
    }
}
