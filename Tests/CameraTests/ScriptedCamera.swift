import Glibc
@testable import NeurofitVitals
@testable import NeurofitVitalsCamera
import PpgCore
import Synchronization

/// Wall time under the test's control: `sleep` and waits for frames advance it.
final class VirtualClock: CaptureClock {
    private let time = Mutex(0.0)

    func now() -> Double { time.withLock { $0 } }

    func sleep(_ seconds: Double) { advance(by: seconds) }

    func advance(by seconds: Double) { time.withLock { $0 += max(0, seconds) } }
}

/// A deterministic camera on a virtual clock: frames at the configured rate whose red mean
/// follows the exposure linearly, with faults scripted in virtual seconds.
final class ScriptedCamera: CaptureBackend {
    /// Scripted behaviour.
    struct Script {
        /// Red at exposure 166, minimum gain.
        var redAtReference = 200.0
        /// The light changes at a time: from then on red at exposure 166 is `redAtReference`.
        var lightChange: (at: Double, redAtReference: Double)?
        /// Frame rate cap from a time on: (time, fps).
        var rateCap: (at: Double, fps: Double)?
        /// No frames during these intervals.
        var stalls: [Range<Double>] = []
        /// The camera vanishes at `lostAt` and can be reopened from `backAt` (nil: never).
        var lostAt: Double?
        var backAt: Double?
        /// Reopening fails with EACCES instead of ENOENT.
        var reopenDenied = false
        /// Manual exposure controls exist.
        var hasManualExposure = true
        /// A dimmable torch whose light scales red (nil: red does not depend on the torch).
        var torch: RecordingTorch?
    }

    let device = "/dev/video-scripted"
    let clock: VirtualClock
    var script: Script
    private(set) var statistics = CaptureStatistics()
    private(set) var opens = 0
    private(set) var configuredFps: [Int] = []
    private(set) var streaming = false
    private(set) var isOpen = false
    private(set) var setting = ExposureSetting(exposure: 250, gain: 32)
    /// Whether the camera was left on (or put back on) its automatic exposure by the last `prepareControls`.
    private(set) var automaticExposure = true
    /// Every exposure applied, with the virtual time it was applied at.
    private(set) var applied: [(time: Double, setting: ExposureSetting)] = []
    private var nextFrameTime: Double?
    private var lostReported = false

    init(clock: VirtualClock, script: Script = Script()) {
        self.clock = clock
        self.script = script
    }

    private var limits: ExposureLimits {
        ExposureLimits(exposure: 3...2047, gain: 0...255, fps: configuredFps.last ?? 30)
    }

    private var isGone: Bool {
        guard let lostAt = script.lostAt, clock.now() >= lostAt else { return false }
        guard let backAt = script.backAt else { return true }
        return clock.now() < backAt
    }

    func open(mode: CameraMode, fps: Int) throws(CaptureError) {
        if isGone {
            throw CaptureError("open", device: device, code: script.reopenDenied ? EACCES : ENOENT)
        }
        opens += 1
        isOpen = true
        configuredFps.append(fps)
    }

    func reconfigure(mode: CameraMode, fps: Int) throws(CaptureError) {
        configuredFps.append(fps)
    }

    func startStreaming() throws(CaptureError) {
        guard isOpen else { throw CaptureError("VIDIOC_STREAMON", device: device, code: ENODEV) }
        streaming = true
        nextFrameTime = clock.now() + 1 / rate
    }

    func stopStreaming() { streaming = false }

    func close() {
        streaming = false
        isOpen = false
    }

    private var rate: Double {
        let nominal = Double(configuredFps.last ?? 30)
        guard let cap = script.rateCap, clock.now() >= cap.at else { return nominal }
        return min(nominal, cap.fps)
    }

    func nextFrame(timeout: Double) -> CaptureEvent {
        if isOpen, isGone, !lostReported {
            lostReported = true
            return .lost(CaptureError("VIDIOC_DQBUF", device: device, code: ENODEV))
        }
        guard streaming, var next = nextFrameTime else {
            clock.advance(by: timeout)
            return .idle
        }
        while script.stalls.contains(where: { $0.contains(next) }) { next += 1 / rate }
        guard next <= clock.now() + timeout else {
            nextFrameTime = next
            clock.advance(by: timeout)
            return .idle
        }
        clock.advance(by: next - clock.now())
        nextFrameTime = next + 1 / rate
        statistics.frames += 1
        let light = script.lightChange.map { next >= $0.at ? $0.redAtReference : script.redAtReference }
            ?? script.redAtReference
        let red = min(255, light * limits.sensitivity(of: setting) / 166 * (script.torch?.relativeLight ?? 1))
        return .frame(FrameSample(timestamp: next, red: red, green: 4, blue: 20,
                                  saturatedFraction: red >= 250 ? 0.9 : 0))
    }

    func prepareControls(fps: Int, manualExposure: Bool) -> (limits: ExposureLimits, current: ExposureSetting)? {
        automaticExposure = !manualExposure || !script.hasManualExposure
        guard manualExposure, script.hasManualExposure else { return nil }
        return (ExposureLimits(exposure: 3...2047, gain: 0...255, fps: fps), setting)
    }

    func apply(_ setting: ExposureSetting) throws(CaptureError) {
        self.setting = setting
        applied.append((clock.now(), setting))
    }
}

/// A torch that records its switching, optionally dimmable over `intensityRange` (starting at `intensity`).
final class RecordingTorch: TorchControl {
    let location = "test torch"
    private(set) var isOn = false
    private(set) var switches: [Bool] = []
    let intensityRange: ClosedRange<Int>?
    private(set) var intensity: Int
    /// The light it gives relative to its starting intensity (1 for on/off torches).
    var relativeLight: Double { intensityRange == nil ? 1 : Double(intensity) / Double(startIntensity) }
    private let startIntensity: Int

    init(intensityRange: ClosedRange<Int>? = nil, intensity: Int = 1) {
        self.intensityRange = intensityRange
        self.intensity = intensity
        startIntensity = max(intensity, 1)
    }

    func set(on: Bool) throws(CaptureError) {
        isOn = on
        switches.append(on)
    }

    func setIntensity(_ value: Int) throws(CaptureError) {
        intensity = value
    }
}
