/// A pre/post comparison of two readings, metric by metric. A metric is nil when either reading lacks it.
public struct ChangeAssessment: Sendable, Equatable {
    /// Heart rate, bpm; beyond typical variation above 5 bpm.
    public let heartRateBpm: MetricChange?
    /// RMSSD, ms; beyond typical variation above 10 ms.
    public let rmssdMs: MetricChange?
    /// Breathing rate, breaths a minute; beyond typical variation above 2 brpm.
    public let breathingRateBrpm: MetricChange?
    /// SDNN, ms; no threshold.
    public let sdnnMs: MetricChange?
    /// Baevsky stress index; no threshold.
    public let baevskyStressIndex: MetricChange?
    /// Poincaré SD2/SD1; no threshold.
    public let sd2sd1: MetricChange?

    /// Creates an assessment from its six metric changes.
    public init(heartRateBpm: MetricChange?, rmssdMs: MetricChange?, breathingRateBrpm: MetricChange?,
                sdnnMs: MetricChange?, baevskyStressIndex: MetricChange?, sd2sd1: MetricChange?) {
        self.heartRateBpm = heartRateBpm
        self.rmssdMs = rmssdMs
        self.breathingRateBrpm = breathingRateBrpm
        self.sdnnMs = sdnnMs
        self.baevskyStressIndex = baevskyStressIndex
        self.sd2sd1 = sd2sd1
    }

    /// The six changes by their result key.
    public var changes: [(key: String, change: MetricChange?)] {
        [("heartRateBpm", heartRateBpm), ("rmssdMs", rmssdMs), ("breathingRateBrpm", breathingRateBrpm),
         ("sdnnMs", sdnnMs), ("baevskyStressIndex", baevskyStressIndex), ("sd2sd1", sd2sd1)]
    }
}
