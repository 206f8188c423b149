/// Lets through at most `maximumFPS` frames per second of sample time (never the wall clock, so a replay at any
/// speed gives the same previews): a frame passes when it comes at least one interval after the last one's slot.
public struct PreviewRateLimit: Sendable {
    /// The rate a host gets when it does not choose one.
    public static let defaultFPS = 15
    /// The rates a host may choose.
    public static let fpsRange = 1...60

    /// Frames per second let through at most.
    public let maximumFPS: Int
    private var nextDue: Int64?

    /// A limit of `maximumFPS` (in `fpsRange`) frames per second.
    public init(maximumFPS: Int = defaultFPS) {
        precondition(Self.fpsRange.contains(maximumFPS))
        self.maximumFPS = maximumFPS
    }

    /// Whether a frame at `timestampMicroseconds` passes; if so, it takes the slot.
    public mutating func admits(_ timestampMicroseconds: Int64) -> Bool {
        let interval = 1_000_000 / Int64(maximumFPS)
        if let nextDue, timestampMicroseconds < nextDue { return false }
        // Slots follow a grid of `interval`, so the average rate never exceeds the limit whatever the source's
        // rate; after a gap of a whole interval the grid restarts at this frame.
        let slot = nextDue.map { timestampMicroseconds - $0 >= interval ? timestampMicroseconds : $0 }
            ?? timestampMicroseconds
        nextDue = slot + interval
        return true
    }
}
