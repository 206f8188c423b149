import NeurofitVitals
import CV4L2
import Glibc

/// One open V4L2 video node through libv4l2: capability query, mode enumeration, controls, and
/// the raw ioctl every other camera type goes through. Not thread-safe: one thread at a time.
final class V4L2Node {
    /// Most entries read from one enumeration (a driver that never says "no more" cannot hang discovery).
    static let enumerationLimit: UInt32 = 256

    /// The device path.
    let path: String
    /// The file descriptor (libv4l2-managed).
    let fd: Int32

    /// Opens `path` non-blocking and close-on-exec. With `conversion` false, libv4l2 passes native formats
    /// through untouched (`V4L2_DISABLE_CONVERSION`); discovery keeps it on to see which formats
    /// are emulated.
    init(path: String, conversion: Bool) throws(CaptureError) {
        self.path = path
        let raw = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard raw >= 0 else { throw CaptureError("open", device: path, code: errno) }
        let managed = v4l2_fd_open(raw, conversion ? 0 : Int32(V4L2_DISABLE_CONVERSION))
        guard managed >= 0 else {
            let code = errno
            close(raw)
            throw CaptureError("open", device: path, code: code == 0 ? ENODEV : code)
        }
        fd = managed
    }

    deinit {
        v4l2_close(fd)
    }

    /// `v4l2_ioctl`, retried on `EINTR`; returns 0 or the errno.
    @discardableResult
    func ioctl<T>(_ request: UInt, _ argument: inout T) -> Int32 {
        while true {
            let result = withUnsafeMutablePointer(to: &argument) { cv4l2_ioctl(fd, request, $0) }
            if result >= 0 { return 0 }
            let code = errno
            if code != EINTR { return code }
        }
    }

    /// Like `ioctl`, throwing a `CaptureError` named `operation`.
    func call<T>(_ request: UInt, _ argument: inout T, _ operation: String) throws(CaptureError) {
        let code = ioctl(request, &argument)
        if code != 0 { throw CaptureError(operation, device: path, code: code) }
    }

    /// `VIDIOC_QUERYCAP`.
    func capabilities() throws(CaptureError) -> V4L2Capabilities {
        var capability = v4l2_capability()
        try call(CV4L2_VIDIOC_QUERYCAP, &capability, "VIDIOC_QUERYCAP")
        return V4L2Capabilities(capability)
    }

    /// Every format × size with its highest frame rate. Stepwise sizes contribute their
    /// largest size and the smallest one at least 640 px wide.
    func modes() -> [CameraMode] {
        var modes: [CameraMode] = []
        var description = v4l2_fmtdesc()
        description.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        while description.index < Self.enumerationLimit, ioctl(CV4L2_VIDIOC_ENUM_FMT, &description) == 0 {
            let format = FourCC(rawValue: description.pixelformat)
            let emulated = description.flags & CV4L2_FMT_FLAG_EMULATED != 0
            for (width, height) in frameSizes(format) {
                guard let fps = maxFps(format, width, height) else { continue }
                modes.append(CameraMode(format: format, width: width, height: height, maxFps: fps,
                                        isEmulated: emulated))
            }
            description.index += 1
        }
        return modes
    }

    private func frameSizes(_ format: FourCC) -> [(Int, Int)] {
        var sizes: [(Int, Int)] = []
        var size = v4l2_frmsizeenum()
        size.pixel_format = format.rawValue
        while size.index < Self.enumerationLimit, ioctl(CV4L2_VIDIOC_ENUM_FRAMESIZES, &size) == 0 {
            if size.type == V4L2_FRMSIZE_TYPE_DISCRETE.rawValue {
                sizes.append((Int(size.discrete.width), Int(size.discrete.height)))
            } else {
                let step = size.stepwise
                let widthStep = max(Int(step.step_width), 1)
                let smallest = Int(step.min_width)
                let wanted = max(smallest, FpsTierSelector.defaultMinimumWidth)
                let aligned = smallest + (wanted - smallest + widthStep - 1) / widthStep * widthStep
                if aligned <= Int(step.max_width) {
                    let height = min(max(aligned * 3 / 4, Int(step.min_height)), Int(step.max_height))
                    sizes.append((aligned, height))
                }
                sizes.append((Int(step.max_width), Int(step.max_height)))
                break
            }
            size.index += 1
        }
        return sizes
    }

    private func maxFps(_ format: FourCC, _ width: Int, _ height: Int) -> Double? {
        var interval = v4l2_frmivalenum()
        interval.pixel_format = format.rawValue
        interval.width = UInt32(width)
        interval.height = UInt32(height)
        var best: Double?
        while interval.index < Self.enumerationLimit, ioctl(CV4L2_VIDIOC_ENUM_FRAMEINTERVALS, &interval) == 0 {
            let fraction = interval.type == V4L2_FRMIVAL_TYPE_DISCRETE.rawValue
                ? interval.discrete : interval.stepwise.min
            if fraction.numerator > 0 {
                let fps = Double(fraction.denominator) / Double(fraction.numerator)
                best = max(best ?? 0, fps)
            }
            if interval.type != V4L2_FRMIVAL_TYPE_DISCRETE.rawValue { break }
            interval.index += 1
        }
        return best
    }

    /// A control's range and current value, or nil when the device lacks it or has it disabled.
    func control(_ id: UInt32) -> V4L2Control? {
        var query = v4l2_queryctrl()
        query.id = id
        guard ioctl(CV4L2_VIDIOC_QUERYCTRL, &query) == 0, query.flags & CV4L2_CTRL_FLAG_DISABLED == 0 else {
            return nil
        }
        var value = v4l2_control(id: id, value: 0)
        let current = ioctl(CV4L2_VIDIOC_G_CTRL, &value) == 0 ? Int(value.value) : Int(query.default_value)
        return V4L2Control(id: id, range: Int(query.minimum)...Int(max(query.minimum, query.maximum)),
                           defaultValue: Int(query.default_value), value: current)
    }

    /// `VIDIOC_S_CTRL`; returns 0 or the errno.
    @discardableResult
    func setControl(_ id: UInt32, _ value: Int) -> Int32 {
        var control = v4l2_control(id: id, value: Int32(clamping: value))
        return ioctl(CV4L2_VIDIOC_S_CTRL, &control)
    }
}
