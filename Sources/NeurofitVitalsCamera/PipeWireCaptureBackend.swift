import CPipeWire
import Glibc
import NeurofitVitals
import PpgCore

/// Capture from a PipeWire camera node through the dlopen'ed libpipewire: a `pw_stream` linked to the node by name,
/// the mode's format offered (NV12, YUY2, I420, RGB, BGR, BGRx/RGBx and their alpha forms, GRAY8 or MJPEG) at its
/// size and rate, frame times from the buffer header (`spa_meta_header.pts`, `CLOCK_MONOTONIC`) or, when a node
/// gives none, the arrival time (`frameClock` says which), sequence gaps counted as drops. Each frame is reduced to
/// channel means by the shared `FrameReducer` (MJPEG: the 1/8-scale decode first). Exposure goes through the
/// node's own controls where it offers libcamera's (`AeEnable`, `ExposureTime`, `AnalogueGain`:
/// `PipeWireExposure`); a node without them keeps its automatic exposure (`prepareControls` returns nil).
final class PipeWireCaptureBackend: CaptureBackend {
    /// How long `open` waits for the daemon to link the node and agree a format (ms).
    static let openTimeoutMs: Int32 = 3000

    /// The camera's id (`pipewire:<node.name>`) or the V4L2 camera it stands in for.
    let device: String
    private(set) var statistics = CaptureStatistics()
    let transport = "pipewire"
    private(set) var frameClock: String?
    /// Where frames are offered as previews.
    var preview: PreviewMailbox?

    private let node: String
    private let remote: PipeWireRemote
    private let reducer = FrameReducer()
    private var stream: OpaquePointer?
    private var layout: FrameLayout?
    private var jpeg: JPEGReducer?
    /// The format, size and stride the current reduction was set up for.
    private var shape: (fourcc: UInt32, width: UInt32, height: UInt32, stride: UInt32)?

    /// A backend for the PipeWire node `node`, reached as `remote` says; `device` names it in messages.
    init(node: String, remote: PipeWireRemote, device: String) {
        self.node = node
        self.remote = remote
        self.device = device
    }

    deinit {
        close()
    }

    func open(mode: CameraMode, fps: Int) throws(CaptureError) {
        close()
        var loadError: UnsafePointer<CChar>?
        guard nfv_pw_load(&loadError) == 0 else {
            throw CaptureError("dlopen", device: device, detail: loadError.map { String(cString: $0) } ?? "no libpipewire")
        }
        let fd = try remote.connectionFd()
        var code: Int32 = 0
        let connected = nfv_pw_stream_open(fd, node, mode.format.rawValue, UInt32(mode.width), UInt32(mode.height),
                                           UInt32(fps), Self.openTimeoutMs, &code)
        PipeWireRemote.release(fd)
        guard let opened = connected else {
            throw CaptureError("pw_stream_connect", device: device, code: code == 0 ? ENODEV : code)
        }
        stream = opened
        statistics = CaptureStatistics()
        shape = nil
        frameClock = nil
    }

    func reconfigure(mode: CameraMode, fps: Int) throws(CaptureError) {
        try open(mode: mode, fps: fps)
    }

    func startStreaming() throws(CaptureError) {
        guard let stream else { throw CaptureError("pw_stream_set_active", device: device, code: ENODEV) }
        let result = nfv_pw_stream_set_active(stream, 1)
        if result < 0 { throw CaptureError("pw_stream_set_active", device: device, code: -result) }
    }

    func stopStreaming() {
        guard let stream else { return }
        _ = nfv_pw_stream_set_active(stream, 0)
    }

    func close() {
        guard let stream else { return }
        nfv_pw_stream_close(stream)
        self.stream = nil
    }

    func nextFrame(timeout: Double) -> CaptureEvent {
        guard let stream else { return .lost(CaptureError("pw_stream", device: device, code: ENODEV)) }
        var frame = nfv_pw_frame()
        let result = nfv_pw_stream_next(stream, Int32(max(0, timeout * 1000).rounded(.up)), &frame)
        switch result {
        case 1:
            return reduce(frame)
        case 0:
            return .idle
        case -EPROTO:
            return .lost(CaptureError("pw_stream", device: device,
                                      detail: "the node changed to a format this library cannot read"))
        case -EPIPE:
            return .lost(CaptureError("pw_stream", device: device,
                                      detail: "the connection to the PipeWire daemon broke"))
        default:
            return .lost(CaptureError("pw_stream", device: device, code: result < 0 ? -result : ENODEV))
        }
    }

    func prepareControls(fps: Int, manualExposure: Bool) -> (limits: ExposureLimits, current: ExposureSetting)? {
        guard let stream else { return nil }
        var offered = nfv_pw_exposure()
        nfv_pw_stream_exposure_controls(stream, &offered)
        guard manualExposure, let controls = PipeWireExposure(offered) else {
            // Back on automatic exposure where the node can say so (a tuned reading before may have left it manual).
            if offered.has_auto != 0 { _ = nfv_pw_stream_set_exposure(stream, 1, 0, 0) }
            return nil
        }
        return (controls.limits(fps: fps), controls.start)
    }

    func apply(_ setting: ExposureSetting) throws(CaptureError) {
        guard let stream else { throw CaptureError("exposure", device: device, code: ENODEV) }
        let result = nfv_pw_stream_set_exposure(stream, 0, PipeWireExposure.microseconds(setting),
                                                PipeWireExposure.analogueGain(setting))
        if result < 0 { throw CaptureError("pw_node_set_param(Props)", device: device, code: -result) }
    }

    // MARK: - Frames

    private func reduce(_ frame: nfv_pw_frame) -> CaptureEvent {
        statistics.droppedFrames += Int(frame.dropped)
        let timestamp = Double(frame.time_ns) / 1e9
        frameClock = frame.header_time != 0 ? "buffer_header" : "arrival"
        guard let data = frame.data, prepareReduction(for: frame) else {
            statistics.errorBuffers += 1
            return .idle
        }
        let bytes = UnsafeRawBufferPointer(start: data, count: frame.size)
        let means: ChannelMeans?
        if let layout {
            means = try? reducer.reduce(bytes, layout: layout)
            if means != nil { offerPreview(bytes, layout: layout, timestamp: timestamp) }
        } else if let jpeg, let decoded = jpeg.reduce(bytes) {
            means = decoded
            if let shown = jpeg.decodedLayout { offerPreview(jpeg.decodedPixels, layout: shown, timestamp: timestamp) }
        } else {
            means = nil
        }
        guard let means else {
            statistics.errorBuffers += 1
            return .idle
        }
        statistics.frames += 1
        return .frame(means.frameSample(timestamp: timestamp))
    }

    /// Sets the reduction up for the frame's format, size and stride when they changed (the first frame, or a
    /// renegotiation by the node); false when frames of this shape cannot be reduced.
    private func prepareReduction(for frame: nfv_pw_frame) -> Bool {
        let current = (frame.fourcc, frame.width, frame.height, frame.stride)
        if let shape, shape == current { return layout != nil || jpeg != nil }
        if shape != nil {
            Log.note("pipewire: \(device) now delivers \(FourCC(rawValue: frame.fourcc)) \(frame.width)x\(frame.height)")
        }
        shape = current
        layout = nil
        jpeg = nil
        let format = FourCC(rawValue: frame.fourcc)
        let width = Int(frame.width), height = Int(frame.height)
        if let pixelFormat = format.reducerFormat {
            let minimum = FrameLayout(format: pixelFormat, width: width, height: height).minimumStride
            let candidate = FrameLayout(format: pixelFormat, width: width, height: height,
                                        stride: max(Int(frame.stride), minimum))
            guard (try? candidate.validate(byteCount: frame.size)) != nil else { return false }
            layout = candidate
        } else if format.family == .mjpeg {
            jpeg = JPEGReducer(width: width, height: height, reducer: reducer)
        }
        return layout != nil || jpeg != nil
    }

    private func offerPreview(_ pixels: UnsafeRawBufferPointer, layout: FrameLayout, timestamp: Double) {
        let microseconds = Int64((timestamp * 1e6).rounded())
        preview?.offer(at: microseconds) {
            PreviewScaler.preview(of: pixels, layout: layout, timestampMicroseconds: microseconds)
        }
    }
}
