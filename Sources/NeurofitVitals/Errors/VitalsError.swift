import PpgCore

/// An error the library reports to its host: a stable code, an English message for logs, whether retrying the
/// same call can help, and for license failures a machine-readable reason. Encodes as
/// `{"code":…,"message":…,"retryable":…}` plus `"reason":…` when there is one.
public struct VitalsError: Error, Sendable, Equatable {
    /// The stable code.
    public let code: ErrorCode
    /// One English sentence for logs. Never contains license contents or metric values.
    public let message: String
    /// Whether the same call may succeed later without the host changing anything (a busy camera, say).
    public let retryable: Bool
    /// A stable name for why a `licenseInvalid` error happened (`LicenseFailure`); nil for other codes.
    public let reason: String?

    /// Creates an error; `retryable` defaults to the code's usual answer.
    public init(_ code: ErrorCode, _ message: String, retryable: Bool? = nil, reason: String? = nil) {
        self.code = code
        self.message = message
        self.retryable = retryable ?? code.retryableByDefault
        self.reason = reason
    }

    /// `invalidArgument` with the given message.
    public static func invalidArgument(_ message: String) -> VitalsError {
        VitalsError(.invalidArgument, message)
    }

    /// `licenseInvalid` for `failure`, whose message names the failed check (`detail`).
    public static func licenseInvalid(_ failure: LicenseFailure, _ detail: String) -> VitalsError {
        VitalsError(.licenseInvalid, "The license key is not valid: \(detail).", reason: failure.rawValue)
    }

    /// `misuse` (a call the session's state does not allow) with the given message.
    public static func misuse(_ message: String) -> VitalsError {
        VitalsError(.misuse, message)
    }

    /// `internalError` with the given message.
    public static func internalError(_ message: String) -> VitalsError {
        VitalsError(.internalError, message)
    }
}
