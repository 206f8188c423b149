import NeurofitVitals
import PpgCore
import StrictJSON

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

    /// Creates the five fields.
    public init(isSupported: Bool, hasCamera: Bool, hasTorch: Bool, fpsTier: Int?, reason: String?) {
        self.isSupported = isSupported
        self.hasCamera = hasCamera
        self.hasTorch = hasTorch
        self.fpsTier = fpsTier
        self.reason = reason
    }

    /// Support of `device` (nil: the default camera, `CameraDiscovery.resolve(nil)`; a path, a stable id, or a
    /// facing: "front", "back", "external").
    public static func query(device: String?, discovery: CameraDiscovery = CameraDiscovery()) -> DeviceSupport {
        do {
            let camera = try discovery.resolve(device)
            return DeviceSupport(isSupported: true, hasCamera: true, hasTorch: camera.torch != nil,
                                 fpsTier: camera.choice?.tier, reason: nil)
        } catch {
            let present = error.code == .unsupportedDevice || error.code == .cameraPermissionDenied
            return DeviceSupport(isSupported: false, hasCamera: present, hasTorch: false, fpsTier: nil,
                                 reason: error.message)
        }
    }

    /// `{"fpsTier":…,"hasCamera":…,"hasTorch":…,"isSupported":…,"reason":…}` (nulls where absent).
    public var jsonValue: JSONValue {
        .object(["isSupported": .bool(isSupported), "hasCamera": .bool(hasCamera), "hasTorch": .bool(hasTorch),
                 "fpsTier": fpsTier.map { .number(Double($0)) } ?? .null,
                 "reason": reason.map { .string($0) } ?? .null])
    }
}
