import NeurofitVitals
/// The camera's operating point and counters, for diagnostics, cancel contexts and the integration tests.
public struct CameraStatus: Sendable, Equatable {
    /// The frame-rate tier the camera runs at.
    public var tier: Int
    /// The configured mode.
    public var mode: CameraMode
    /// Measured rate (frames/s) of the last one-second tick.
    public var measuredFps: Double?
    /// Whether the torch is on.
    public var torchActive: Bool
    /// The manual exposure in force, nil without manual exposure.
    public var exposure: ExposureSetting?
    /// Whether the tuner locked the exposure in the band.
    public var exposureLocked: Bool
    /// Tuner steps run.
    public var exposureTuneSteps: Int
    /// Mean red of the tuner's last step.
    public var exposureRedMean: Double?
    /// Counters.
    public var statistics: CaptureStatistics

    /// Creates a status.
    public init(tier: Int, mode: CameraMode, measuredFps: Double? = nil, torchActive: Bool = false,
                exposure: ExposureSetting? = nil, exposureLocked: Bool = false, exposureTuneSteps: Int = 0,
                exposureRedMean: Double? = nil, statistics: CaptureStatistics = CaptureStatistics()) {
        self.tier = tier
        self.mode = mode
        self.measuredFps = measuredFps
        self.torchActive = torchActive
        self.exposure = exposure
        self.exposureLocked = exposureLocked
        self.exposureTuneSteps = exposureTuneSteps
        self.exposureRedMean = exposureRedMean
        self.statistics = statistics
    }
}
