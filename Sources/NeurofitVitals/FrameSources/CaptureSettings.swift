import PpgCore

/// The camera's operating point as a source reports it (the capture-hardware diagnostics): delivered when it
/// changes, recorded as a `camera` line, and carried into cancel contexts and the result's diagnostics.
public struct CaptureSettings: Sendable, Equatable {
    /// Whether the torch is on.
    public var torchActive: Bool
    /// Torch level 0…1 (1 for on/off torches when on).
    public var torchLevel: Double
    /// Exposure time in milliseconds, when the camera exposes it.
    public var exposureDurationMs: Double?
    /// The camera's gain (the closest Linux has to an ISO), when it has one.
    public var exposureIso: Double?
    /// Whether the exposure is locked: manual exposure that nothing moves (the tuner locked in its band, or the
    /// exposure held for a reading in progress).
    public var exposureLocked: Bool
    /// Whether the exposure has settled: the tuner finished (locked, or its best step kept), is held for a
    /// reading, or does not run. A start waits for it under `requireExposureConverged`.
    public var exposureSettled: Bool
    /// Whether the exposure tuner runs.
    public var exposureTunerEnabled: Bool
    /// Tuner steps taken.
    public var exposureTuneSteps: Int
    /// The capture format's size.
    public var width: Int
    public var height: Int
    /// The accelerometer the source reads itself (`iio:<name>`), nil when it reads none.
    public var accelerometer: String?
    /// That accelerometer's m/s² per raw unit, per axis (x, y, z).
    public var accelerometerScale: [Double]?
    /// How the camera is reached: `v4l2` or `pipewire` (nil: not a camera source, or a recording made before).
    public var cameraTransport: String?
    /// Where frame times come from: `driver` (the V4L2 driver's monotonic timestamps), `buffer_header` (PipeWire's
    /// buffer header metadata) or `arrival` (the time the frame reached this library: none was given).
    public var frameClock: String?
    /// `manual` when the exposure tuner drives the camera's exposure, `auto` when the camera keeps its automatic
    /// exposure (no manual control offered, or `exposureTunerEnabled` false).
    public var exposureMode: String?

    /// Creates settings.
    public init(torchActive: Bool, torchLevel: Double, exposureDurationMs: Double?, exposureIso: Double?,
                exposureLocked: Bool, exposureSettled: Bool = true, exposureTunerEnabled: Bool,
                exposureTuneSteps: Int, width: Int, height: Int, accelerometer: String? = nil,
                accelerometerScale: [Double]? = nil, cameraTransport: String? = nil, frameClock: String? = nil,
                exposureMode: String? = nil) {
        self.torchActive = torchActive
        self.torchLevel = torchLevel
        self.exposureDurationMs = exposureDurationMs
        self.exposureIso = exposureIso
        self.exposureLocked = exposureLocked
        self.exposureSettled = exposureSettled
        self.exposureTunerEnabled = exposureTunerEnabled
        self.exposureTuneSteps = exposureTuneSteps
        self.width = width
        self.height = height
        self.accelerometer = accelerometer
        self.accelerometerScale = accelerometerScale
        self.cameraTransport = cameraTransport
        self.frameClock = frameClock
        self.exposureMode = exposureMode
    }
}
