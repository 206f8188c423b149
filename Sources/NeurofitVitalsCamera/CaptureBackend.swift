import NeurofitVitals
/// The one layer through which the camera source touches a camera: the V4L2 backend in
/// production, a scripted camera on a virtual clock in the unit tests. Used from one thread at a time.
public protocol CaptureBackend: AnyObject {
    /// The device path or a description, for messages.
    var device: String { get }
    /// Opens the camera and configures `mode` at `fps` with its buffers, without streaming.
    func open(mode: CameraMode, fps: Int) throws(CaptureError)
    /// Switches to `mode` at `fps` while not streaming (a tier drop).
    func reconfigure(mode: CameraMode, fps: Int) throws(CaptureError)
    /// Starts streaming (queues every buffer, `STREAMON`).
    func startStreaming() throws(CaptureError)
    /// Stops streaming (`STREAMOFF`); tolerant of a vanished device.
    func stopStreaming()
    /// Releases everything (buffers, descriptor); tolerant of a vanished device. Idempotent.
    func close()
    /// Waits at most `timeout` seconds for the next frame.
    func nextFrame(timeout: Double) -> CaptureEvent
    /// Switches off automatic white balance, focus and the frame-rate priority of automatic exposure. With
    /// `manualExposure` it also switches off automatic exposure and gain and returns the manual-exposure limits at
    /// `fps` with the current setting (nil when the camera has no manual exposure); without, it leaves (or puts)
    /// the camera on its automatic exposure and gain and returns nil.
    func prepareControls(fps: Int, manualExposure: Bool) -> (limits: ExposureLimits, current: ExposureSetting)?
    /// Applies a manual exposure operating point.
    func apply(_ setting: ExposureSetting) throws(CaptureError)
    /// Counters since `open`.
    var statistics: CaptureStatistics { get }
    /// How the camera is reached (`v4l2`, `pipewire`), for the diagnostics' `camera_transport`.
    var transport: String { get }
    /// Where the last frame's time came from (`driver`, `buffer_header`, `arrival`), nil before the first frame.
    var frameClock: String? { get }
}

extension CaptureBackend {
    /// A scripted camera stands in for V4L2.
    public var transport: String { "v4l2" }
    /// A scripted camera's frames carry their own times.
    public var frameClock: String? { "driver" }
}
