import CV4L2

/// Which way a camera looks, from the driver's `V4L2_CID_CAMERA_ORIENTATION` control (phones and tablets set it
/// from their firmware tables; most USB webcams do not have it).
public enum CameraFacing: String, Sendable, Equatable, CaseIterable {
    /// On the screen's side (a selfie camera).
    case front
    /// On the side away from the screen, usually beside the torch: the camera a fingertip reading wants.
    case back
    /// Not part of the device (a USB camera that says so).
    case external
    /// The driver does not say.
    case unknown

    /// The facing the orientation control's value names (`unknown` for none or a value this library does not know).
    init(orientationControl value: Int?) {
        switch value.map(Int32.init) {
        case CV4L2_CAMERA_ORIENTATION_FRONT?: self = .front
        case CV4L2_CAMERA_ORIENTATION_BACK?: self = .back
        case CV4L2_CAMERA_ORIENTATION_EXTERNAL?: self = .external
        default: self = .unknown
        }
    }

    /// The facing a device name asks for: "front", "back" or "external"; nil for any other name.
    public init?(deviceName: String) {
        guard let facing = CameraFacing(rawValue: deviceName), facing != .unknown else { return nil }
        self = facing
    }
}
