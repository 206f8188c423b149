import PpgCore

/// Where a reading's accelerometer samples came from, how many there were and at what rate: the result's `motion_*`
/// diagnostics. Derived from the samples and the source's facts alone, so a replay reports the same.
public struct MotionDiagnostics: Sendable, Equatable {
    /// `none` (no sample), `host` (submitted by the host), `simulated` (the simulator's), or `iio:<name>` (an IIO
    /// accelerometer the camera source read itself).
    public var source: String
    /// Samples received during the reading.
    public var sampleCount: Int
    /// Their mean rate over the span they cover (Hz); nil with fewer than two samples.
    public var rateHz: Double?

    /// The diagnostics of `samples` (in arrival order) from `source`.
    public init(samples: [MotionSample], source: String) {
        self.source = source
        sampleCount = samples.count
        if let first = samples.first?.timestamp, let last = samples.last?.timestamp, last > first {
            rateHz = Double(samples.count - 1) / (last - first)
        }
    }
}
