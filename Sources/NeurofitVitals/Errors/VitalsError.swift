import PpgCore
import StrictJSON

/// An error the library reports to its host: a stable code, an English message for logs, and whether retrying the
/// same call can help. Encodes as `{"code":…,"message":…,"retryable":…}`.
public struct VitalsError: Error, Sendable, Equatable {
    /// The stable code.
    public let code: ErrorCode
    /// One English sentence for logs. Never contains license contents or metric values.
    public let message: String
    /// Whether the same call may succeed later without the host changing anything (a busy camera, say).
    public let retryable: Bool

    /// Creates an error; `retryable` defaults to the code's usual answer.
    public init(_ code: ErrorCode, _ message: String, retryable: Bool? = nil) {
        self.code = code
        self.message = message
        self.retryable = retryable ?? (code == .cameraUnavailable)
    }

    /// `invalidArgument` with the given message.
    public static func invalidArgument(_ message: String) -> VitalsError {
        VitalsError(.invalidArgument, message)
    }

    /// `licenseInvalid` whose message names the failed check.
    public static func licenseInvalid(_ reason: String) -> VitalsError {
        VitalsError(.licenseInvalid, "The license key is not valid: \(reason).")
    }

    /// `misuse` (a call the session's state does not allow) with the given message.
    public static func misuse(_ message: String) -> VitalsError {
        VitalsError(.misuse, message)
    }

    /// `internalError` with the given message.
    public static func internalError(_ message: String) -> VitalsError {
        VitalsError(.internalError, message)
    }

    /// `{"code":…,"message":…,"retryable":…}`.
    public var jsonValue: JSONValue {
        .object(["code": .string(code.rawValue), "message": .string(message), "retryable": .bool(retryable)])
    }

    /// What `nfv_last_error_json` reports when the last call succeeded.
    public static let noErrorJSON = JSONValue.object(["code": .string("ok"), "message": .string(""),
                                                      "retryable": .bool(false)])
}
