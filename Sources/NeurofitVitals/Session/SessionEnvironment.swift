/// The non-deterministic inputs of a session, injected so replays and tests are exact.
public struct SessionEnvironment: Sendable {
    /// The wall clock, Unix seconds.
    public var now: @Sendable () -> Double
    /// A new unique reading id.
    public var makeId: @Sendable () -> String

    /// Creates an environment.
    public init(now: @escaping @Sendable () -> Double, makeId: @escaping @Sendable () -> String) {
        self.now = now
        self.makeId = makeId
    }
}
