/// A heartbeat confirmed by the live analyzer (its upstroke and peak lie safely in the past).
public struct LiveBeat: Sendable, Equatable {
    /// Beat time in seconds on the frames' clock: the 50 % upstroke crossing.
    public var time: Double
    /// Interval from the previously reported beat, ms; nil for the first beat after init or reset, after a frame
    /// gap, or when no beat was reported for longer than the longest plausible interval.
    public var ibiMs: Double?

    /// Creates a beat.
    public init(time: Double, ibiMs: Double?) {
        self.time = time
        self.ibiMs = ibiMs
    }
}
