import CNeurofitVitals
import Glibc
import NeurofitVitals

/// The calling thread's last error (SQLite's errmsg, per thread like libgit2's git_error_last). Each thread owns one
/// record, created on first use and released by the thread-exit destructor.
final class LastError {
    var status: nfv_status = NFV_OK
    var retryable = false
    /// NUL-terminated message owned by this record; replaced on every status-returning call.
    private(set) var message: UnsafeMutablePointer<CChar> = strdup("")!
    private(set) var error: VitalsError?

    deinit { free(message) }

    /// Records the outcome of a call: nil for success.
    func record(_ error: VitalsError?) {
        self.error = error
        status = error.map { nfv_status(for: $0.code) } ?? NFV_OK
        retryable = error?.retryable ?? false
        free(message)
        message = strdup(error?.message ?? "") ?? strdup("")!
    }

    /// Records a call that returns `NFV_DONE` with `message` saying why (no error).
    func recordDone(_ message: String) {
        record(nil)
        status = NFV_DONE
        free(self.message)
        self.message = strdup(message) ?? strdup("")!
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { record in
            if let record { Unmanaged<LastError>.fromOpaque(record).release() }
        }
        return key
    }()

    /// This thread's record.
    static var current: LastError {
        if let existing = pthread_getspecific(key) {
            return Unmanaged<LastError>.fromOpaque(existing).takeUnretainedValue()
        }
        let record = LastError()
        pthread_setspecific(key, Unmanaged.passRetained(record).toOpaque())
        return record
    }
}

/// The C status for an error code.
func nfv_status(for code: ErrorCode) -> nfv_status {
    switch code {
    case .notActivated: NFV_ERR_NOT_ACTIVATED
    case .licenseInvalid: NFV_ERR_LICENSE_INVALID
    case .cameraPermissionDenied: NFV_ERR_CAMERA_PERMISSION_DENIED
    case .cameraUnavailable: NFV_ERR_CAMERA_UNAVAILABLE
    case .unsupportedDevice: NFV_ERR_UNSUPPORTED_DEVICE
    case .noHeartRate: NFV_ERR_NO_HEART_RATE
    case .internalError: NFV_ERR_INTERNAL
    case .invalidArgument: NFV_ERR_INVALID_ARGUMENT
    case .misuse: NFV_ERR_MISUSE
    }
}

/// Runs the body of a status-returning C function: records its outcome as the thread's last error and returns the
/// matching status. Every `nfv_*` function that returns `nfv_status` is written as `cCall { … }`.
func cCall(_ body: () throws(VitalsError) -> Void) -> nfv_status {
    do {
        try body()
        LastError.current.record(nil)
        return NFV_OK
    } catch {
        LastError.current.record(error)
        return nfv_status(for: error.code)
    }
}
