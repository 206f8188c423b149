import PpgCore

/// Where a session is in its lifecycle.
public enum SessionState: Sendable, Equatable {
    /// Created, or idle again after a cancel without auto-restart or after stop. No source running.
    case idle
    /// Source running, waiting for a steady fingertip signal.
    case positioning
    /// A reading in progress; seconds since it started.
    case measuring(elapsed: Double)
    /// The duration was captured; the result is being computed.
    case finalizing
    /// Done, with the result.
    case completed(ReadingResult)
    /// Ended without a result.
    case failed(VitalsError)

    /// The state's name as it appears in JSON.
    public var name: String {
        switch self {
        case .idle: "idle"
        case .positioning: "positioning"
        case .measuring: "measuring"
        case .finalizing: "finalizing"
        case .completed: "completed"
        case .failed: "failed"
        }
    }

    /// Every state's name, in lifecycle order.
    public static let names = ["idle", "positioning", "measuring", "finalizing", "completed", "failed"]

    /// Whether the session has ended for good (completed or failed).
    public var isTerminal: Bool {
        switch self {
        case .completed, .failed: true
        default: false
        }
    }
}

