import NeurofitVitals
import CV4L2
import Glibc
import PpgCore

/// Capture through libv4l2: the native format and frame interval, four MMAP buffers, `poll` with a
/// bounded time-out, kernel timestamps, sequence gaps counted as drops, and each frame reduced to channel means
/// in the mapped buffer — no copy and no allocation per frame.
public final class V4L2CaptureBackend: CaptureBackend {
    /// Buffers requested from the driver.
    static let bufferCount: UInt32 = 4

    /// The node opened last (it changes when the camera comes back under another node).
    public private(set) var device: String
    public private(set) var statistics = CaptureStatistics()
    public let transport = "v4l2"
    public private(set) var frameClock: String?
    private let camera: (id: String, discovery: CameraDiscovery)?

    private let reducer = FrameReducer()
    private var node: V4L2Node?
    private var buffers: [UnsafeMutableRawBufferPointer] = []
    private var layout: FrameLayout?
    private var jpeg: JPEGReducer?
    private var streaming = false
    private var lastSequence: UInt32?
    /// Where frames are offered as previews (YUYV and other raw formats scaled from the buffer, MJPEG from its 1/8
    /// scale decode); nil: none, and no scaling.
    public var preview: PreviewMailbox?

    /// A backend for the camera at `device` (not opened yet). With `stableId`, a camera that vanished from
    /// `device` is looked for under its id among `discovery`'s nodes when reopened (a USB camera plugged back in
    /// may get another node).
    public init(device: String, stableId: String? = nil, discovery: CameraDiscovery = CameraDiscovery()) {
        self.device = device
        camera = stableId.map { ($0, discovery) }
    }

    deinit {
        close()
    }

    public func open(mode: CameraMode, fps: Int) throws(CaptureError) {
        close()
        let node: V4L2Node
        do {
            node = try V4L2Node(path: device, conversion: false)
        } catch where error.code == ENOENT || error.code == ENODEV {
            guard let moved = relocated() else { throw error }
            node = try V4L2Node(path: moved, conversion: false)
            device = moved
        }
        self.node = node
        do throws(CaptureError) {
            guard try node.capabilities().isVideoCapture else {
                throw CaptureError("VIDIOC_QUERYCAP", device: device, detail: "not a video capture device")
            }
            try configure(node, mode: mode, fps: fps)
        } catch {
            close()
            throw error
        }
        statistics = CaptureStatistics()
    }

    public func reconfigure(mode: CameraMode, fps: Int) throws(CaptureError) {
        guard let node else { throw CaptureError("reconfigure", device: device, code: ENODEV) }
        releaseBuffers(node)
        try configure(node, mode: mode, fps: fps)
    }

    public func startStreaming() throws(CaptureError) {
        guard let node else { throw CaptureError("VIDIOC_STREAMON", device: device, code: ENODEV) }
        for index in buffers.indices {
            var buffer = Self.bufferDescriptor(index: index)
            _ = node.ioctl(CV4L2_VIDIOC_QBUF, &buffer)
        }
        var type = Int32(V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue)
        try node.call(CV4L2_VIDIOC_STREAMON, &type, "VIDIOC_STREAMON")
        streaming = true
        lastSequence = nil
    }

    public func stopStreaming() {
        guard let node, streaming else { return }
        var type = Int32(V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue)
        _ = node.ioctl(CV4L2_VIDIOC_STREAMOFF, &type)
        streaming = false
    }

    public func close() {
        guard let node else { return }
        stopStreaming()
        releaseBuffers(node)
        self.node = nil
    }

    public func nextFrame(timeout: Double) -> CaptureEvent {
        guard let node else { return .lost(CaptureError("poll", device: device, code: ENODEV)) }
        var descriptor = pollfd(fd: node.fd, events: Int16(POLLIN | POLLPRI), revents: 0)
        let ready = poll(&descriptor, 1, Int32(max(0, timeout * 1000).rounded(.up)))
        if ready < 0 {
            return errno == EINTR ? .idle : .lost(CaptureError("poll", device: device, code: errno))
        }
        guard ready > 0 else { return .idle }
        return dequeue(node, hungUp: descriptor.revents & Int16(POLLHUP | POLLERR) != 0)
    }

    public func prepareControls(fps: Int, manualExposure: Bool)
        -> (limits: ExposureLimits, current: ExposureSetting)? {
        guard let node else { return nil }
        for (id, value) in Self.fixedControls where node.control(id) != nil {
            node.setControl(id, value)
        }
        guard manualExposure, node.control(CV4L2_CID_EXPOSURE_ABSOLUTE) != nil else {
            automaticExposure(node)
            return nil
        }
        for (id, value) in Self.manualExposureControls where node.control(id) != nil {
            node.setControl(id, value)
        }
        if node.control(CV4L2_CID_EXPOSURE_AUTO) != nil {
            node.setControl(CV4L2_CID_EXPOSURE_AUTO, Int(CV4L2_EXPOSURE_MANUAL))
        }
        guard let exposure = node.control(CV4L2_CID_EXPOSURE_ABSOLUTE) else { return nil }
        let gain = node.control(CV4L2_CID_GAIN)
        let limits = ExposureLimits(exposure: exposure.range, gain: gain?.range, fps: fps)
        return (limits, ExposureSetting(exposure: exposure.value, gain: gain?.value))
    }

    public func apply(_ setting: ExposureSetting) throws(CaptureError) {
        guard let node else { throw CaptureError("VIDIOC_S_CTRL", device: device, code: ENODEV) }
        if let gain = setting.gain { node.setControl(CV4L2_CID_GAIN, gain) }
        let code = node.setControl(CV4L2_CID_EXPOSURE_ABSOLUTE, setting.exposure)
        if code != 0 { throw CaptureError("VIDIOC_S_CTRL(exposure)", device: device, code: code) }
    }

    /// Controls written once after opening: the frame-rate priority of automatic exposure off (it stretches frames
    /// in the dark), white balance and focus off.
    private static let fixedControls: [(UInt32, Int)] = [
        (CV4L2_CID_EXPOSURE_AUTO_PRIORITY, 0), (CV4L2_CID_AUTO_WHITE_BALANCE, 0), (CV4L2_CID_FOCUS_AUTO, 0),
    ]

    /// Controls written before tuning: automatic gain and backlight compensation off.
    private static let manualExposureControls: [(UInt32, Int)] = [
        (CV4L2_CID_AUTOGAIN, 0), (CV4L2_CID_BACKLIGHT_COMPENSATION, 0),
    ]

    /// Puts the camera on automatic exposure and gain (a tuned reading before may have left it manual): the
    /// aperture-priority mode UVC cameras offer, else the fully automatic one.
    private func automaticExposure(_ node: V4L2Node) {
        if node.control(CV4L2_CID_EXPOSURE_AUTO) != nil,
           node.setControl(CV4L2_CID_EXPOSURE_AUTO, Int(CV4L2_EXPOSURE_APERTURE_PRIORITY)) != 0 {
            node.setControl(CV4L2_CID_EXPOSURE_AUTO, Int(CV4L2_EXPOSURE_AUTO))
        }
        if node.control(CV4L2_CID_AUTOGAIN) != nil { node.setControl(CV4L2_CID_AUTOGAIN, 1) }
    }

    // MARK: - Setup

    /// The node where the camera with the same stable id is now, when it is not `device`.
    private func relocated() -> String? {
        guard let camera else { return nil }
        return camera.discovery.environment.videoNodes.first { path in
            path != device && (try? camera.discovery.describe(path: path))?.id == camera.id
        }
    }

    private func configure(_ node: V4L2Node, mode: CameraMode, fps: Int) throws(CaptureError) {
        var format = v4l2_format()
        format.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        format.fmt.pix.width = UInt32(mode.width)
        format.fmt.pix.height = UInt32(mode.height)
        format.fmt.pix.pixelformat = mode.format.rawValue
        format.fmt.pix.field = V4L2_FIELD_ANY.rawValue
        try node.call(CV4L2_VIDIOC_S_FMT, &format, "VIDIOC_S_FMT")
        let pixels = format.fmt.pix
        guard pixels.pixelformat == mode.format.rawValue else {
            throw CaptureError("VIDIOC_S_FMT", device: device,
                               detail: "the driver gave \(FourCC(rawValue: pixels.pixelformat)), not \(mode.format)")
        }
        try setUpReduction(format: mode.format, width: Int(pixels.width), height: Int(pixels.height),
                           stride: Int(pixels.bytesperline))
        var parameters = v4l2_streamparm()
        parameters.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        parameters.parm.capture.timeperframe = v4l2_fract(numerator: 1, denominator: UInt32(fps))
        _ = node.ioctl(CV4L2_VIDIOC_S_PARM, &parameters)
        try allocateBuffers(node)
    }

    private func setUpReduction(format: FourCC, width: Int, height: Int, stride: Int) throws(CaptureError) {
        jpeg = nil
        layout = nil
        if let pixelFormat = format.reducerFormat {
            let candidate = FrameLayout(format: pixelFormat, width: width, height: height,
                                        stride: max(stride, FrameLayout(format: pixelFormat, width: width,
                                                                        height: height).minimumStride))
            do { try candidate.validate(byteCount: Int.max) } catch {
                throw CaptureError("VIDIOC_S_FMT", device: device, detail: "unusable layout \(candidate)")
            }
            layout = candidate
        } else if format.family == .mjpeg {
            jpeg = JPEGReducer(width: width, height: height, reducer: reducer)
        } else {
            throw CaptureError("VIDIOC_S_FMT", device: device, detail: "\(format) frames cannot be reduced")
        }
    }

    private func allocateBuffers(_ node: V4L2Node) throws(CaptureError) {
        var request = v4l2_requestbuffers()
        request.count = Self.bufferCount
        request.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        request.memory = V4L2_MEMORY_MMAP.rawValue
        try node.call(CV4L2_VIDIOC_REQBUFS, &request, "VIDIOC_REQBUFS")
        guard request.count > 0 else { throw CaptureError("VIDIOC_REQBUFS", device: device, code: ENOMEM) }
        var mapped: [UnsafeMutableRawBufferPointer] = []
        mapped.reserveCapacity(Int(request.count))
        for index in 0..<Int(request.count) {
            var buffer = Self.bufferDescriptor(index: index)
            let code = node.ioctl(CV4L2_VIDIOC_QUERYBUF, &buffer)
            let address = code == 0
                ? v4l2_mmap(nil, Int(buffer.length), PROT_READ | PROT_WRITE, MAP_SHARED, node.fd,
                            Int64(buffer.m.offset))
                : MAP_FAILED
            guard code == 0, let address, address != MAP_FAILED else {
                let failure = code != 0 ? code : errno
                buffers = mapped
                releaseBuffers(node)
                throw CaptureError(code != 0 ? "VIDIOC_QUERYBUF" : "mmap", device: device, code: failure)
            }
            mapped.append(UnsafeMutableRawBufferPointer(start: address, count: Int(buffer.length)))
        }
        buffers = mapped
    }

    private func releaseBuffers(_ node: V4L2Node) {
        stopStreaming()
        for buffer in buffers { v4l2_munmap(buffer.baseAddress, buffer.count) }
        let hadBuffers = !buffers.isEmpty
        buffers = []
        guard hadBuffers else { return }
        var request = v4l2_requestbuffers()
        request.count = 0
        request.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        request.memory = V4L2_MEMORY_MMAP.rawValue
        _ = node.ioctl(CV4L2_VIDIOC_REQBUFS, &request)
    }

    private static func bufferDescriptor(index: Int) -> v4l2_buffer {
        var buffer = v4l2_buffer()
        buffer.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        buffer.memory = V4L2_MEMORY_MMAP.rawValue
        buffer.index = UInt32(index)
        return buffer
    }

    // MARK: - Frames

    private func dequeue(_ node: V4L2Node, hungUp: Bool) -> CaptureEvent {
        var buffer = Self.bufferDescriptor(index: 0)
        let code = node.ioctl(CV4L2_VIDIOC_DQBUF, &buffer)
        switch code {
        case 0:
            break
        case EAGAIN:
            return hungUp ? .lost(CaptureError("poll", device: device, code: ENODEV)) : .idle
        case EIO:
            return .ioError(CaptureError("VIDIOC_DQBUF", device: device, code: code))
        default:
            return .lost(CaptureError("VIDIOC_DQBUF", device: device, code: code))
        }
        countDrops(sequence: buffer.sequence)
        let index = Int(buffer.index)
        let timestamp = Self.timestamp(of: buffer)
        frameClock = Self.hasDriverTime(buffer) ? "driver" : "arrival"
        guard buffer.flags & CV4L2_BUF_FLAG_ERROR == 0, index < buffers.count,
              let means = reduce(buffers[index], byteCount: Int(buffer.bytesused),
                                 timestamp: timestamp) else {
            statistics.errorBuffers += 1
            _ = node.ioctl(CV4L2_VIDIOC_QBUF, &buffer)
            return .idle
        }
        _ = node.ioctl(CV4L2_VIDIOC_QBUF, &buffer)
        statistics.frames += 1
        return .frame(means.frameSample(timestamp: timestamp))
    }

    /// The buffer's channel means (nil: it does not reduce), offered as a preview at `timestamp` on the way.
    private func reduce(_ buffer: UnsafeMutableRawBufferPointer, byteCount: Int, timestamp: Double) -> ChannelMeans? {
        let used = byteCount > 0 ? min(byteCount, buffer.count) : buffer.count
        let bytes = UnsafeRawBufferPointer(start: buffer.baseAddress, count: used)
        if let layout {
            guard let means = try? reducer.reduce(bytes, layout: layout) else { return nil }
            offerPreview(bytes, layout: layout, timestamp: timestamp)
            return means
        }
        guard let jpeg, let means = jpeg.reduce(bytes) else { return nil }
        if let decoded = jpeg.decodedLayout { offerPreview(jpeg.decodedPixels, layout: decoded, timestamp: timestamp) }
        return means
    }

    private func offerPreview(_ pixels: UnsafeRawBufferPointer, layout: FrameLayout, timestamp: Double) {
        let microseconds = Int64((timestamp * 1e6).rounded())
        preview?.offer(at: microseconds) {
            PreviewScaler.preview(of: pixels, layout: layout, timestampMicroseconds: microseconds)
        }
    }

    private func countDrops(sequence: UInt32) {
        if let last = lastSequence, sequence > last &+ 1 { statistics.droppedFrames += Int(sequence - last - 1) }
        lastSequence = sequence
    }

    /// The driver's timestamp when it is monotonic (uvcvideo: start of exposure), else the time of dequeueing.
    private static func timestamp(of buffer: v4l2_buffer) -> Double {
        if hasDriverTime(buffer) {
            return Double(buffer.timestamp.tv_sec) + Double(buffer.timestamp.tv_usec) / 1e6
        }
        return MonotonicClock().now()
    }

    /// Whether the driver stamped the buffer on `CLOCK_MONOTONIC`.
    private static func hasDriverTime(_ buffer: v4l2_buffer) -> Bool {
        buffer.flags & CV4L2_BUF_FLAG_TIMESTAMP_MASK == CV4L2_BUF_FLAG_TIMESTAMP_MONOTONIC
    }
}
