/// What a session's worker consumes, in order.
enum SessionCommand: Sendable {
    /// `start()`: begin positioning.
    case begin
    /// Something from the source, delivered by its `opening`-th opening (items of an earlier one are stale).
    case item(SourceItem, opening: Int)
    /// The host's cancel with its reason.
    case cancel(String)
    /// `stop()`.
    case stop
}
