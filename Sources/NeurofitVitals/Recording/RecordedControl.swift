import PpgCore
import StrictJSON

/// Something that steered a session besides its frames, recorded so a replay takes the same path (format 1.1):
/// the host's commands and the source's health notices, each after the frames that preceded it live.
public enum RecordedControl: Sendable, Equatable {
    /// The host cancelled the reading with this reason.
    case hostCancel(reason: String)
    /// The host switched auto-start.
    case autoStart(Bool)
    /// The source interrupted the session (camera health); `tier` when the camera dropped a tier.
    case interrupted(CancelReason, tier: Int?)
    /// The source failed for good.
    case failed(VitalsError)

    /// Reads the members of a `control` line.
    init(members: [String: JSONValue]) throws(RecordingLineError) {
        func string(_ key: String) throws(RecordingLineError) -> String {
            guard let value = members[key]?.stringValue else { throw RecordingLineError("'\(key)' is not a string") }
            return value
        }
        switch try string("control") {
        case "hostCancel":
            self = .hostCancel(reason: try string("reason"))
        case "autoStart":
            guard let enabled = members["enabled"]?.boolValue else {
                throw RecordingLineError("'enabled' is not a boolean")
            }
            self = .autoStart(enabled)
        case "interrupted":
            guard let kind = CancelReason.Kind(rawValue: try string("reason")) else {
                throw RecordingLineError("'reason' is not a cancel reason")
            }
            self = .interrupted(CancelReason(kind: kind, detail: try string("detail")),
                                tier: members["tier"]?.integerValue)
        case "failed":
            guard let error = members["error"]?.objectValue, let code = error["code"]?.stringValue.flatMap(ErrorCode.init),
                  let message = error["message"]?.stringValue else {
                throw RecordingLineError("'error' is not an error object")
            }
            self = .failed(VitalsError(code, message, retryable: error["retryable"]?.boolValue ?? false))
        case let other:
            throw RecordingLineError("unknown control '\(other)'")
        }
    }
}
