import NeurofitVitals
import CV4L2

/// What `VIDIOC_QUERYCAP` says about a node, decided on `device_caps` when the driver reports them (a UVC camera's
/// metadata node shares the video node's `capabilities`).
struct V4L2Capabilities: Sendable, Equatable {
    /// Driver name (`uvcvideo`).
    var driver: String
    /// Device name (`card`).
    var card: String
    /// Bus location (`usb-0000:00:14.0-1`).
    var busInfo: String
    /// The capabilities of this node.
    var deviceCaps: UInt32

    init(_ capability: v4l2_capability) {
        driver = Self.text(capability.driver)
        card = Self.text(capability.card)
        busInfo = Self.text(capability.bus_info)
        deviceCaps = capability.capabilities & CV4L2_CAP_DEVICE_CAPS != 0
            ? capability.device_caps : capability.capabilities
    }

    /// A video capture node that streams (single- or multi-planar); metadata nodes and output devices are not.
    var isVideoCapture: Bool {
        deviceCaps & (CV4L2_CAP_VIDEO_CAPTURE | CV4L2_CAP_VIDEO_CAPTURE_MPLANE) != 0
            && deviceCaps & CV4L2_CAP_STREAMING != 0
    }

    /// Whether the node looks like a USB camera (UVC has no standard torch control).
    var isUSB: Bool { busInfo.hasPrefix("usb-") }

    private static func text<T>(_ tuple: T) -> String {
        withUnsafeBytes(of: tuple) { bytes in
            let end = bytes.firstIndex(of: 0) ?? bytes.count
            return String(decoding: bytes[..<end], as: UTF8.self)
        }
    }
}
