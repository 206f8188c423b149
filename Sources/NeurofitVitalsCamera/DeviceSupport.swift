import NeurofitVitals
import PpgCore

/// `DeviceSupport` for a Linux camera: found by a query that opens no stream.
public struct DeviceSupport: Sendable, Equatable {
    /// Whether readings can run on the camera.
    public var isSupported: Bool
    /// Whether there is a camera at all (the chosen one, or any for the default).
    public var hasCamera: Bool
    /// Whether a torch is available for it (used when present, not required).
    public var hasTorch: Bool
    /// Highest reachable tier (60, 30 or 20), nil when none.
    public var fpsTier: Int?
    /// Why `isSupported` is false; nil when supported.
    public var reason: String?
    /// The IIO accelerometer a camera reading with `motionBreathing` reads (`iio:<name>`), nil when none was found
    /// (used when present, not required).
    public var accelerometer: String?

    /// Creates the fields.
    public init(isSupported: Bool, hasCamera: Bool, hasTorch: Bool, fpsTier: Int?, reason: String?,
                accelerometer: String? = nil) {
        self.isSupported = isSupported
        self.hasCamera = hasCamera
        self.hasTorch = hasTorch
        self.fpsTier = fpsTier
        self.reason = reason
        self.accelerometer = accelerometer
    }

    /// Support of `device` (nil: the default camera, `CameraDiscovery.resolve(nil)`; a path, a stable id, or a
    /// facing: "front", "back", "external"), and the accelerometer under the discovery environment's IIO root.
    public static func query(device: String?, discovery: CameraDiscovery = CameraDiscovery()) -> DeviceSupport {
        let accelerometer = discovery.environment.accelerometer()?.label
        do {
            let camera = try discovery.resolve(device)
            return DeviceSupport(isSupported: true, hasCamera: true, hasTorch: camera.torch != nil,
                                 fpsTier: camera.choice?.tier, reason: nil, accelerometer: accelerometer)
        } catch {
            let present = error.code == .unsupportedDevice || error.code == .cameraPermissionDenied
            return DeviceSupport(isSupported: false, hasCamera: present, hasTorch: false, fpsTier: nil,
                                 reason: error.message, accelerometer: accelerometer)
        }
    }
}
