import PpgCore

/// The provisional values shown about once per second while measuring.
public struct LivePreview: Sendable, Equatable {
    /// Seconds since the reading started.
    public var elapsed: Double
    /// `elapsed / readingDuration`, clamped to 0…1.
    public var progress: Double
    /// Provisional heart rate.
    public var heartRateBpm: Double?
    /// Provisional RMSSD, from about 20 s; sticky once shown.
    public var rmssdMs: Double?
    /// Provisional breathing rate, from about 30 s.
    public var breathingRateBrpm: Double?
    /// The live quality score as a level, averaged over the last few scored previews and lowered one level while a
    /// poor-signal cancel is near; nil until the attempt's first scored preview (so in the empty preview that
    /// follows `started`).
    public var signalLevel: SignalLevelName?
    /// Distance to the no-low-discard-estimate cancel.
    public var abortRisk: AbortRisk

    /// The preview that follows `started`, with no values yet: on a reading that begins `elapsed` seconds before its
    /// opening tick (0 but for a start on a faint pulse's evidence), its elapsed and progress.
    static func atStart(elapsed: Double, readingDuration: Double) -> LivePreview {
        LivePreview(elapsed: elapsed, progress: min(1, max(0, elapsed / readingDuration)), abortRisk: .none)
    }
}
