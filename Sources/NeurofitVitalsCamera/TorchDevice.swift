import NeurofitVitals
import CV4L2
import Glibc

/// Where a torch is and how it is driven: a V4L2 flash subdevice or an LED class device.
public struct TorchDevice: Sendable, Equatable {
    /// How the torch is driven.
    public enum Kind: String, Sendable {
        /// `V4L2_CID_FLASH_LED_MODE` on a `/dev/v4l-subdevN` node.
        case flashSubdevice
        /// The `brightness` file of a `/sys/class/leds/*` device.
        case sysfsLED
    }

    /// How the torch is driven.
    public var kind: Kind
    /// The subdevice node, or the LED's `brightness` file.
    public var path: String

    /// Creates a torch location.
    public init(kind: Kind, path: String) {
        self.kind = kind
        self.path = path
    }

    /// `flash-subdevice:/dev/v4l-subdev2` or `sysfs-led:/sys/class/leds/white:flash/brightness`.
    public var label: String { (kind == .flashSubdevice ? "flash-subdevice:" : "sysfs-led:") + path }

    /// The guardian's code for this kind.
    var guardianKind: Int32 {
        Int32(kind == .flashSubdevice ? CV4L2_TORCH_FLASH_SUBDEV.rawValue : CV4L2_TORCH_SYSFS_LED.rawValue)
    }

    /// Opens the torch for switching.
    func open() throws(CaptureError) -> any TorchControl {
        switch kind {
        case .flashSubdevice: try FlashSubdeviceTorch(path: path)
        case .sysfsLED: SysfsLEDTorch(path: path)
        }
    }

    /// Switches the torch off with async-signal-safe calls (the exit hook and the guardian use the same code).
    func switchOff() {
        _ = cv4l2_torch_off(path, guardianKind)
    }
}
