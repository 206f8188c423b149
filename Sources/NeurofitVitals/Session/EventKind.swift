/// What an event is, as a number: the C API hands it beside each event's JSON (`nfv_event_kind`), so a host decides
/// what to do next without reading the JSON. The raw values are the C values: stable, new kinds only at the end, in
/// the wire contract's order of events.
public enum EventKind: Int32, CaseIterable, Sendable {
    case state = 1
    case guidance = 2
    case started = 3
    case preview = 4
    case heartbeat = 5
    case cancelled = 6
    case reconfiguringCamera = 7
    case recoverableError = 8
    case measurementComplete = 9
    case completed = 10
    case failed = 11
    case recordingError = 12

    /// The event's `type` on the wire.
    public var name: String {
        switch self {
        case .state: "state"
        case .guidance: "guidance"
        case .started: "started"
        case .preview: "preview"
        case .heartbeat: "heartbeat"
        case .cancelled: "cancelled"
        case .reconfiguringCamera: "reconfiguringCamera"
        case .recoverableError: "recoverableError"
        case .measurementComplete: "measurementComplete"
        case .completed: "completed"
        case .failed: "failed"
        case .recordingError: "recordingError"
        }
    }

    /// The kind whose wire `type` is `name`, if any.
    public init?(name: String) {
        guard let kind = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = kind
    }

    /// Whether this is a session's outcome (`completed` or `failed`): the result a `measurementComplete` promises.
    public var isOutcome: Bool { self == .completed || self == .failed }
}
