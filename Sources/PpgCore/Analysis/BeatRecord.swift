/// One beat of the result's `diagnostics.beats` list.
public struct BeatRecord: Sendable, Equatable {
    /// Beat time, seconds on the frames' clock: the 50 % upstroke crossing, or the mix of it and the steepest
    /// upstroke point that the reported RMSSD was measured at (`FiducialBlend`).
    public var time: Double
    /// Interval from the previous beat in the same gap-free segment, ms; nil for a segment's first beat.
    public var intervalMs: Double?
    /// The artifact correction's label of this beat (`BeatLabel` raw value: normal, ectopic, missed, extra,
    /// longShort).
    public var label: String
    /// Whether the interval ending at this beat entered the NN series unchanged (both its beats normal).
    public var accepted: Bool

    /// Creates a record.
    public init(time: Double, intervalMs: Double?, label: String, accepted: Bool) {
        self.time = time
        self.intervalMs = intervalMs
        self.label = label
        self.accepted = accepted
    }
}
