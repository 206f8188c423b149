/// What a session's worker consumes, in order.
enum SessionCommand: Sendable {
    /// `start()`: begin positioning.
    case begin
    /// Something from the source.
    case item(SourceItem)
    /// The host's cancel with its reason.
    case cancel(String)
    /// `stop()`.
    case stop
}
