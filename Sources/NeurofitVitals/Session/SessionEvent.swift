import PpgCore

/// Everything a session tells its host. On the wire each event is one JSON object with a `type`
/// (`Wire/SessionEvent+Wire.swift`).
public enum SessionEvent: Sendable, Equatable {
    /// A state transition (not the measuring ticks).
    case state(SessionState)
    /// About once per second while positioning.
    case guidance(Guidance, startProgress: Double)
    /// A reading began; an empty preview follows at once.
    case started
    /// About once per second while measuring.
    case preview(LivePreview)
    /// A detected beat while measuring; `ibiMs` nil for the attempt's first beat.
    case heartbeat(ibiMs: Double?)
    /// The attempt was abandoned.
    case cancelled(CancelReason, CancelContext)
    /// The camera is dropping to a lower frame-rate tier in place.
    case reconfiguringCamera(fpsTier: Int)
    /// A camera problem the session is recovering from (one per session).
    case recoverableError(String)
    /// The full duration was captured; the result follows.
    case measurementComplete
    /// The result. The session has ended.
    case completed(ReadingResult)
    /// The session ended without a result.
    case failed(VitalsError)
    /// Writing the recording failed; the reading goes on (this library's addition to the reference events).
    case recordingError(VitalsError)

    /// What the event is (its number in the C API).
    public var kind: EventKind {
        switch self {
        case .state: .state
        case .guidance: .guidance
        case .started: .started
        case .preview: .preview
        case .heartbeat: .heartbeat
        case .cancelled: .cancelled
        case .reconfiguringCamera: .reconfiguringCamera
        case .recoverableError: .recoverableError
        case .measurementComplete: .measurementComplete
        case .completed: .completed
        case .failed: .failed
        case .recordingError: .recordingError
        }
    }

    /// The `type` value.
    public var type: String { kind.name }
}

extension SessionEvent {
    /// How readily the event is dropped when the host leaves too many unread (`Session.eventQueueLimit`): 0 for the
    /// once-a-second and per-beat events a later one replaces (guidance, previews, heartbeats), 1 for the other
    /// events of an attempt, nil for what must reach the host (the end of the measurement, the outcome, and the
    /// terminal states).
    var evictionRank: Int? {
        switch self {
        case .guidance, .preview, .heartbeat: 0
        case .started, .cancelled, .reconfiguringCamera, .recoverableError, .recordingError: 1
        case .state(let state): state.isTerminal || state == .idle ? nil : 1
        case .measurementComplete, .completed, .failed: nil
        }
    }
}

extension SessionEvent {
    /// The event with `count` as its result's `events_dropped` (only `completed` and `state(completed)` carry one).
    func withEventsDropped(_ count: Int) -> SessionEvent {
        guard count > 0 else { return self }
        switch self {
        case .completed(var result):
            result.diagnostics.eventsDropped = count
            return .completed(result)
        case .state(.completed(var result)):
            result.diagnostics.eventsDropped = count
            return .state(.completed(result))
        default:
            return self
        }
    }
}
