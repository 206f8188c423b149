import PpgCore

/// Everything a session tells its host (SPEC §5). Each event is one JSON object with a `type`.
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
    /// Writing the recording failed; the reading goes on (this library's addition to SPEC §5).
    case recordingError(VitalsError)

    /// The `type` value.
    public var type: String {
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

    /// The event as a JSON object with sorted keys when serialized.
    public var jsonValue: JSONValue {
        var members: [String: JSONValue] = ["type": .string(type)]
        switch self {
        case .state(let state):
            members.merge(state.jsonValue.objectValue ?? [:]) { current, _ in current }
        case .guidance(let guidance, let progress):
            members["guidance"] = .string(guidance.rawValue)
            members["startProgress"] = .number(progress)
        case .preview(let preview):
            members.merge(preview.members) { current, _ in current }
        case .heartbeat(let ibi):
            if let ibi { members["ibiMs"] = .number(ibi) }
        case .cancelled(let reason, let context):
            members["reason"] = .string(reason.kind.rawValue)
            members["detail"] = .string(reason.detail)
            members["context"] = context.jsonValue
        case .reconfiguringCamera(let tier):
            members["fpsTier"] = .number(Double(tier))
            members["lowPowerMode"] = .bool(false)
        case .recoverableError(let kind):
            members["error"] = .string(kind)
        case .completed(let result):
            members["result"] = result.jsonValue
        case .failed(let error), .recordingError(let error):
            members["error"] = error.jsonValue
        case .started, .measurementComplete:
            break
        }
        return .object(members)
    }

    /// The event's JSON text: compact, keys sorted, byte-stable.
    public var json: String { jsonValue.serialized() }

    /// The event's JSON text with `t`, the sample time in seconds (the source's clock) it arose at; without `t`
    /// when `time` is nil.
    public func json(time: Double?) -> String {
        guard let time, time.isFinite, case .object(var members) = jsonValue else { return json }
        members["t"] = .number(time)
        return JSONValue.object(members).serialized()
    }
}
