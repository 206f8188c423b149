import NeurofitVitals
import CV4L2
import Glibc

/// A torch behind a V4L2 flash subdevice: `FLASH_TORCH_INTENSITY` (the driver's default until the
/// tuner dims it), then `FLASH_LED_MODE = TORCH`; off is `FLASH_LED_MODE = NONE`. Closing the node does not switch it off, so every
/// path that ends a capture calls `set(on: false)` first (and the guardian covers the rest).
final class FlashSubdeviceTorch: TorchControl {
    let location: String
    private(set) var isOn = false
    let intensityRange: ClosedRange<Int>?
    private(set) var intensity: Int
    private let fd: Int32

    /// Opens the subdevice (plain `open`: libv4l2 refuses subdevices) and reads its intensity control.
    init(path: String) throws(CaptureError) {
        location = path
        fd = cv4l2_raw_open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { throw CaptureError("open", device: path, code: errno) }
        var query = v4l2_queryctrl()
        query.id = CV4L2_CID_FLASH_TORCH_INTENSITY
        if cv4l2_raw_ioctl(fd, CV4L2_VIDIOC_QUERYCTRL, &query) == 0, query.maximum >= query.minimum {
            intensityRange = query.maximum > query.minimum ? Int(query.minimum)...Int(query.maximum) : nil
            intensity = Int(query.default_value)
        } else {
            intensityRange = nil
            intensity = 1
        }
    }

    deinit {
        if isOn { try? set(on: false) }
        Glibc.close(fd)
    }

    func set(on: Bool) throws(CaptureError) {
        if on, intensityRange != nil { writeIntensity() }
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

    func setIntensity(_ value: Int) throws(CaptureError) {
        guard let range = intensityRange else { return }
        intensity = min(max(value, range.lowerBound), range.upperBound)
        if isOn { writeIntensity() }
    }

    private func writeIntensity() {
        var control = v4l2_control(id: CV4L2_CID_FLASH_TORCH_INTENSITY, value: Int32(intensity))
        _ = cv4l2_raw_ioctl(fd, CV4L2_VIDIOC_S_CTRL, &control)
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
