/// Lets through at most `maximumFPS` frames per second of sample time (never the wall clock, so a replay at any
/// speed gives the same previews). Two rules, both on the frames' own timestamps:
/// - slots follow a grid of one interval (1 s / `maximumFPS`), so over any run the rate never exceeds the limit
///   whatever the source's rate (a 60 fps camera limited to 15 gives exactly every fourth frame);
/// - two previews are never closer than half an interval, so a late frame followed by a punctual one (a camera's
///   jitter under load) cannot come as a pair a few milliseconds apart; a regular source keeps its even share
///   (30 fps limited to 20 gives two frames of three, 33 and 67 ms apart).
/// In any second of frames there are at most `maximumFPS + 1` previews (the grid's slots, each taken by a frame less
/// than an interval after it).
/// After a gap of a whole interval the grid restarts at the next frame. Any `Int64` timestamp is safe: the
/// arithmetic saturates at the ends of the range instead of overflowing.
public struct PreviewRateLimit: Sendable {
    /// The rate a host gets when it does not choose one.
    public static let defaultFPS = 15
    /// The rates a host may choose.
    public static let fpsRange = 1...60

    /// Frames per second let through at most.
    public let maximumFPS: Int
    private var nextDue: Int64?
    private var lastAdmitted: Int64?

    /// A limit of `maximumFPS` (in `fpsRange`) frames per second.
    public init(maximumFPS: Int = defaultFPS) {
        precondition(Self.fpsRange.contains(maximumFPS))
        self.maximumFPS = maximumFPS
    }

    /// The grid's interval in microseconds.
    private var interval: Int64 { 1_000_000 / Int64(maximumFPS) }

    /// Whether a frame at `timestampMicroseconds` passes; if so, it takes the slot.
    public mutating func admits(_ timestampMicroseconds: Int64) -> Bool {
        if let nextDue, timestampMicroseconds < nextDue { return false }
        if let lastAdmitted, Self.distance(from: lastAdmitted, to: timestampMicroseconds) < interval / 2 {
            return false
        }
        let slot: Int64
        if let nextDue, Self.distance(from: nextDue, to: timestampMicroseconds) < interval {
            slot = nextDue
        } else {
            slot = timestampMicroseconds
        }
        let (due, overflow) = slot.addingReportingOverflow(interval)
        nextDue = overflow ? .max : due
        lastAdmitted = timestampMicroseconds
        return true
    }

    /// `later - earlier`, saturated at `Int64.max` (the only direction callers need: `later ≥ earlier`).
    private static func distance(from earlier: Int64, to later: Int64) -> Int64 {
        let (difference, overflow) = later.subtractingReportingOverflow(earlier)
        return overflow ? .max : difference
    }
}
