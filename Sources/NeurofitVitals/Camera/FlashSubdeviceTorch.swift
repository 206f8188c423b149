import CV4L2
import Glibc

/// A torch behind a V4L2 flash subdevice (CAMERA.md §2.1): `FLASH_TORCH_INTENSITY` at the driver's default, then
/// `FLASH_LED_MODE = TORCH`; off is `FLASH_LED_MODE = NONE`. Closing the node does not switch it off, so every
/// path that ends a capture calls `set(on: false)` first (and the guardian covers the rest).
final class FlashSubdeviceTorch: TorchControl {
    let location: String
    private(set) var isOn = false
    private let fd: Int32

    /// Opens the subdevice (plain `open`: libv4l2 refuses subdevices).
    init(path: String) throws(CaptureError) {
        location = path
        fd = cv4l2_raw_open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { throw CaptureError("open", device: path, code: errno) }
    }

    deinit {
        if isOn { try? set(on: false) }
        Glibc.close(fd)
    }

    func set(on: Bool) throws(CaptureError) {
        if on {
            var query = v4l2_queryctrl()
            query.id = CV4L2_CID_FLASH_TORCH_INTENSITY
            if cv4l2_raw_ioctl(fd, CV4L2_VIDIOC_QUERYCTRL, &query) == 0 {
                var intensity = v4l2_control(id: CV4L2_CID_FLASH_TORCH_INTENSITY, value: query.default_value)
                _ = cv4l2_raw_ioctl(fd, CV4L2_VIDIOC_S_CTRL, &intensity)
            }
        }
        var mode = v4l2_control(id: CV4L2_CID_FLASH_LED_MODE,
                                value: on ? CV4L2_FLASH_LED_MODE_TORCH : CV4L2_FLASH_LED_MODE_NONE)
        guard cv4l2_raw_ioctl(fd, CV4L2_VIDIOC_S_CTRL, &mode) == 0 else {
            let code = errno
            if !on { isOn = false }
            throw CaptureError("VIDIOC_S_CTRL(FLASH_LED_MODE)", device: location, code: code)
        }
        isOn = on
        TorchExitSwitch.track(TorchDevice(kind: .flashSubdevice, path: location), on: on)
    }

    /// Whether `path` is a flash subdevice (it answers `QUERYCTRL(FLASH_LED_MODE)`).
    static func isFlash(path: String) -> Bool {
        let fd = cv4l2_raw_open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { Glibc.close(fd) }
        var query = v4l2_queryctrl()
        query.id = CV4L2_CID_FLASH_LED_MODE
        return cv4l2_raw_ioctl(fd, CV4L2_VIDIOC_QUERYCTRL, &query) == 0
    }
}
