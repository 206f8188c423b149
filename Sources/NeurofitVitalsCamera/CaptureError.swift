import NeurofitVitals
import Glibc

/// A failed V4L2 or torch call: which operation, on which device, and the errno.
public struct CaptureError: Error, Sendable, Equatable {
    /// The operation, e.g. `open` or `VIDIOC_STREAMON`.
    public var operation: String
    /// The device path.
    public var device: String
    /// The errno (0 when the failure is not a system error, see `detail`).
    public var code: Int32
    /// Extra words for failures without an errno (an unsupported format, say).
    public var detail: String?

    /// A system error.
    public init(_ operation: String, device: String, code: Int32) {
        self.operation = operation
        self.device = device
        self.code = code
    }

    /// A failure that is not a system error.
    public init(_ operation: String, device: String, detail: String) {
        self.operation = operation
        self.device = device
        code = 0
        self.detail = detail
    }

    /// The camera went away or is held by another process (wait for it to come back).
    public var isDeviceLost: Bool {
        [ENODEV, ENXIO, ENOENT, EBUSY].contains(code)
    }

    /// The process may not open the device.
    public var isPermissionDenied: Bool {
        code == EACCES || code == EPERM
    }

    /// The error code: `EACCES`/`EPERM` → `cameraPermissionDenied` (naming the `video` group); `EBUSY`, `ENODEV`,
    /// `ENOENT` and every other failure → `cameraUnavailable`.
    public var vitalsError: VitalsError {
        if isPermissionDenied {
            if let detail { return VitalsError(.cameraPermissionDenied, detail, retryable: false) }
            return VitalsError(.cameraPermissionDenied, "Permission denied opening \(device): "
                + CameraAccess.groupAdvice, retryable: false)
        }
        return VitalsError(.cameraUnavailable, message)
    }

    /// An English description.
    public var message: String {
        if let detail { return "\(operation) on \(device): \(detail)" }
        let text = String(cString: strerror(code))
        switch code {
        case EBUSY: return "The camera \(device) is busy (another program is using it): \(operation) failed"
        case ENODEV, ENXIO: return "The camera \(device) was disconnected: \(operation) failed"
        case ENOENT: return "There is no camera at \(device)"
        default: return "\(operation) on \(device) failed: \(text) (errno \(code))"
        }
    }
}
