/// The stable error codes, plus `invalidArgument` for misuse of the C ABI. The raw values are the
/// names hosts see in JSON error objects.
public enum ErrorCode: String, Sendable, CaseIterable, Codable {
    /// `activate` has not succeeded in this process.
    case notActivated
    /// The license key was rejected; the message names the check.
    case licenseInvalid
    /// The process may not open the camera device.
    case cameraPermissionDenied
    /// The camera could not be opened, or stopped and could not be restored.
    case cameraUnavailable
    /// No capture format reaches the minimum frame rate; the message says why.
    case unsupportedDevice
    /// The reading was captured but no trustworthy heart rate was found.
    case noHeartRate
    /// An unexpected condition: a bug or a failure of the system (no thread, no memory).
    case internalError
    /// NULL where not allowed, bad JSON, wrong sizes, a stale handle.
    case invalidArgument
    /// A call the session's state does not allow (choosing a source after start, starting a stopped session,
    /// submitting frames to a session that is not running).
    case misuse

    /// The C `nfv_status` value of the code (include/neurofit_vitals.h; `scripts/generate --check` holds the header
    /// to these numbers).
    public var status: Int {
        switch self {
        case .notActivated: 1
        case .licenseInvalid: 2
        case .cameraPermissionDenied: 3
        case .cameraUnavailable: 4
        case .unsupportedDevice: 5
        case .noHeartRate: 6
        case .internalError: 7
        case .invalidArgument: 8
        case .misuse: 9
        }
    }

    /// Whether an error of this code is retryable unless its reporter says otherwise.
    public var retryableByDefault: Bool { self == .cameraUnavailable }
}
