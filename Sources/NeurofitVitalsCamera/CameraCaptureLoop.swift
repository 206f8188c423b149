import NeurofitVitals
import PpgCore

/// The capture thread's work (camera health): pulls frames from an opened, streaming
/// backend, runs the exposure tuner, hands samples on, and applies the health monitor's decisions — tier drops in
/// place, one stall restart, waiting up to 10 s for a lost camera — until asked to stop or the camera is gone for
/// good. While the session measures a reading (`readingActive`) every exposure control stays where it is; when
/// the reading is cancelled the tuner may tune again, and it tunes anew when a finger arrives (`fingerContact`).
/// Ends with the stream stopped, the device closed and the torch off. Runs the same on a virtual clock.
final class CameraCaptureLoop {
    /// Longest single wait, so a stop request is seen within this time (s).
    static let waitSlice = 0.1
    /// Pause between attempts to reopen a lost camera (s).
    static let reopenInterval = 0.25

    private let backend: any CaptureBackend
    private let clock: any CaptureClock
    private var torch: (any TorchControl)?
    private let modes: [CameraMode]
    private let selector: FpsTierSelector
    private let tunerSettings: ExposureTunerSettings?
    /// The accelerometer the source polls alongside, reported with the capture settings.
    private let accelerometer: IIOAccelerometer?
    private let deliver: (SourceItem) -> Void
    /// The operating point last told to the session.
    private var lastSettings: CaptureSettings?
    private let report: (CameraStatus) -> Void
    private let shouldStop: () -> Bool
    private let readingActive: () -> Bool
    private let fingerContact: () -> Bool?
    /// The finger contact the loop acted on last.
    private var knownContact: Bool?
    /// Whether the exposure is held for a reading in progress.
    private var holdingForReading = false
    private var choice: FpsTierSelector.Choice
    private var health: CameraHealthMonitor
    private var tuner: ExposureTuner?
    private var statistics = CaptureStatistics()
    private var ioErrorsInARow = 0
    private var framesSinceReport = 0

    /// A loop over `backend`, already opened at `choice` and streaming; `tunerSettings` nil leaves the camera on its
    /// automatic exposure (no tuner, no manual exposure: `exposureTunerEnabled` false).
    /// `accelerometer` is the one the source polls, if any (reported with the capture settings).
    /// `readingActive` tells whether the session is measuring a reading (exposure held), `fingerContact` whether it
    /// sees a finger (nil: not known yet), `shouldStop` whether to end.
    init(backend: any CaptureBackend, clock: any CaptureClock, torch: (any TorchControl)?, modes: [CameraMode],
         selector: FpsTierSelector, choice: FpsTierSelector.Choice, tunerSettings: ExposureTunerSettings?,
         policy: CameraHealthPolicy, accelerometer: IIOAccelerometer? = nil, deliver: @escaping (SourceItem) -> Void,
         report: @escaping (CameraStatus) -> Void, shouldStop: @escaping () -> Bool,
         readingActive: @escaping () -> Bool = { false }, fingerContact: @escaping () -> Bool? = { nil }) {
        self.backend = backend
        self.clock = clock
        self.torch = torch
        self.modes = modes
        self.selector = selector
        self.choice = choice
        self.tunerSettings = tunerSettings
        self.accelerometer = accelerometer
        self.deliver = deliver
        self.report = report
        self.shouldStop = shouldStop
        self.readingActive = readingActive
        self.fingerContact = fingerContact
        let now = clock.now()
        health = CameraHealthMonitor(policy: policy, tier: choice.tier, now: now)
        health.streamStarted(now: now)
    }

    /// Sets up the controls of a freshly opened backend (manual exposure and the tuner, or automatic exposure) and
    /// switches the torch on.
    /// - Throws: the torch's error.
    func prepare() throws(CaptureError) {
        setUpExposure()
        try torch?.set(on: true)
        publish()
    }

    /// Runs until a stop request or a terminal failure, then tears down.
    func run() {
        defer { abandon() }
        while !shouldStop() {
            let event = backend.nextFrame(timeout: Self.waitSlice)
            let now = clock.now()
            let keepGoing: Bool
            switch event {
            case .frame(let sample): keepGoing = handle(frame: sample, now: now)
            case .idle: keepGoing = act(on: health.idle(now: now), now: now)
            case .lost(let error): keepGoing = recoverLostCamera(error, now: now)
            case .ioError(let error): keepGoing = handle(ioError: error, now: now)
            }
            guard keepGoing else { return }
        }
    }

    // MARK: - Frames and decisions

    private func handle(frame sample: FrameSample, now: Double) -> Bool {
        statistics.frames += 1
        ioErrorsInARow = 0
        followReading()
        followContact()
        if !holdingForReading, var running = tuner, running.status == .tuning {
            if let setting = running.observe(red: sample.red, saturatedFraction: sample.saturatedFraction ?? 0) {
                apply(setting)
            }
            let finished = running.status != .tuning
            tuner = running
            if finished {
                Log.note("camera: exposure \(running.status == .locked ? "locked" : "not locked (best step kept)") "
                    + "at \(running.current.exposure) × 100 µs, gain \(running.current.gain.map(String.init) ?? "-") "
                    + "after \(running.steps) steps")
                publish()
            }
        }
        deliver(.frame(sample))
        framesSinceReport += 1
        if framesSinceReport >= choice.tier { publish() }
        return act(on: health.frameArrived(at: sample.timestamp, now: now), now: now)
    }

    /// Holds the exposure when a reading started and lets the tuner tune again when it was cancelled.
    private func followReading() {
        let active = readingActive()
        guard active != holdingForReading else { return }
        holdingForReading = active
        if active {
            Log.note("camera: exposure held for the reading")
        } else if var running = tuner {
            let again = running.retune()
            tuner = running
            Log.note(again ? "camera: reading ended, exposure tuning again" : "camera: reading ended, no retune left")
        }
        publish()
    }

    /// Tunes anew when a finger arrives outside a reading: the tuner may have settled on the empty scene.
    private func followContact() {
        let contact = fingerContact()
        guard contact != knownContact else { return }
        defer { knownContact = contact }
        guard contact == true, knownContact != nil, !holdingForReading, var running = tuner else { return }
        running.restart()
        tuner = running
        Log.note("camera: a finger arrived, exposure tuning again")
        publish()
    }

    private func act(on decision: CameraHealthMonitor.Decision, now: Double) -> Bool {
        switch decision {
        case .none:
            return true
        case .dropTier:
            return dropTier(now: now)
        case .restart(let reportStall):
            if reportStall { deliver(.interrupted(.cameraStalled, tier: nil)) }
            Log.note("camera: no frame for \(health.stallTimeout) s, restarting the stream")
            statistics.stallRestarts += 1
            return restartStream(now: now)
        case .fail(let message):
            Log.note("camera: giving up: \(message)")
            deliver(.failed(VitalsError(.cameraUnavailable, message + " (\(backend.device))")))
            return false
        }
    }

    private func handle(ioError error: CaptureError, now: Double) -> Bool {
        ioErrorsInARow += 1
        guard ioErrorsInARow <= 3 else {
            ioErrorsInARow = 0
            return act(on: health.stalled(now: now), now: now)
        }
        statistics.ioRestarts += 1
        Log.note("camera: \(error.message), restarting the stream")
        return restartStream(now: now)
    }

    // MARK: - Restart, tier drop, recovery

    private func restartStream(now: Double) -> Bool {
        backend.stopStreaming()
        do {
            try backend.startStreaming()
        } catch {
            return recoverLostCamera(error, now: now)
        }
        health.streamStarted(now: now)
        publish()
        return true
    }

    private func dropTier(now: Double) -> Bool {
        guard let lower = selector.choose(from: modes, below: choice.tier) else { return true }
        backend.stopStreaming()
        do {
            try backend.reconfigure(mode: lower.mode, fps: lower.tier)
            try backend.startStreaming()
        } catch {
            return recoverLostCamera(error, now: now)
        }
        Log.note("camera: \(health.lastRate ?? 0) fps is below 70 % of \(choice.tier); dropping to \(lower.tier) fps "
            + "(\(lower.mode.label))")
        choice = lower
        statistics.tierDrops += 1
        health.tierChanged(to: lower.tier, now: now)
        deliver(.interrupted(.cameraReconfigured, tier: lower.tier))
        publish()
        return true
    }

    /// Releases the lost camera (torch off), reports it once, and reopens it every `reopenInterval` until it
    /// streams again or the recovery window closes.
    private func recoverLostCamera(_ error: CaptureError, now: Double) -> Bool {
        let starts = health.lost(now: now)
        Log.note("camera: lost (\(error.message)); waiting up to \(Int(health.policy.recoveryWindow)) s for it")
        backend.close()
        try? torch?.set(on: false)
        if starts { deliver(.interrupted(.cameraLost, tier: nil)) }
        publish()
        while !shouldStop() {
            if health.recoveryExpired(now: clock.now()) {
                deliver(.failed(VitalsError(.cameraUnavailable, error.message
                    + "; it did not come back within \(Int(health.policy.recoveryWindow)) s")))
                return false
            }
            clock.sleep(Self.reopenInterval)
            do {
                try reopen()
                return true
            } catch where error.isPermissionDenied {
                deliver(.failed(error.vitalsError))
                return false
            } catch {
                backend.close()
            }
        }
        return true
    }

    private func reopen() throws(CaptureError) {
        try backend.open(mode: choice.mode, fps: choice.tier)
        _ = backend.prepareControls(fps: choice.tier, manualExposure: tunerSettings != nil)
        if let setting = tuner?.current { apply(setting) }
        try torch?.set(on: true)
        try backend.startStreaming()
        statistics.reopens += 1
        Log.note("camera: reopened \(backend.device)")
        health.streamStarted(now: clock.now())
        publish()
    }

    // MARK: - Exposure, status, teardown

    private func setUpExposure() {
        let controls = backend.prepareControls(fps: choice.tier, manualExposure: tunerSettings != nil)
        guard let tunerSettings, var (limits, current) = controls else { return }
        if let torch, let range = torch.intensityRange {
            limits.torchIntensity = range
            current.torchIntensity = torch.intensity
        }
        let running = ExposureTuner(settings: tunerSettings, limits: limits, start: current)
        apply(running.current)
        tuner = running
    }

    /// Applies an exposure operating point: the camera's controls, and the torch's intensity when it has one.
    private func apply(_ setting: ExposureSetting) {
        try? backend.apply(setting)
        if let torch, let intensity = setting.torchIntensity, intensity != torch.intensity {
            try? torch.setIntensity(intensity)
        }
    }

    private func publish() {
        framesSinceReport = 0
        var counters = backend.statistics
        counters.frames = statistics.frames
        counters.ioRestarts = statistics.ioRestarts
        counters.stallRestarts = statistics.stallRestarts
        counters.reopens = statistics.reopens
        counters.tierDrops = statistics.tierDrops
        report(CameraStatus(tier: choice.tier, mode: choice.mode, measuredFps: health.lastRate,
                            torchActive: torch?.isOn ?? false, exposure: tuner?.current,
                            exposureLocked: exposureLocked, exposureTuneSteps: tuner?.steps ?? 0,
                            exposureRedMean: tuner?.lastMean, statistics: counters))
        deliverSettingsIfChanged()
    }

    /// Whether every exposure control stays where it is: manual exposure that the tuner no longer moves (locked in
    /// the band or held for a reading). A camera left on automatic exposure is never locked.
    private var exposureLocked: Bool {
        guard let tuner else { return false }
        return holdingForReading || tuner.status == .locked
    }

    /// Tells the session the camera's operating point when it changed (cancel contexts, diagnostics, recordings).
    private func deliverSettingsIfChanged() {
        let exposure = tuner?.current
        let torchOn = torch?.isOn ?? false
        let settings = CaptureSettings(
            torchActive: torchOn, torchLevel: torch?.level ?? 0, exposureDurationMs: exposure?.exposureMilliseconds,
            exposureIso: exposure?.gain.map(Double.init), exposureLocked: exposureLocked,
            exposureSettled: holdingForReading || tuner.map { $0.status != .tuning } ?? true,
            exposureTunerEnabled: tuner != nil, exposureTuneSteps: tuner?.steps ?? 0,
            width: choice.mode.width, height: choice.mode.height, accelerometer: accelerometer?.label,
            accelerometerScale: accelerometer?.scale, cameraTransport: backend.transport,
            frameClock: backend.frameClock, exposureMode: tuner != nil ? "manual" : "auto")
        guard settings != lastSettings else { return }
        lastSettings = settings
        deliver(.captureSettings(settings))
    }

    /// Stops the stream, closes the device and switches the torch off (the end of `run`, or instead of it).
    func abandon() {
        backend.stopStreaming()
        backend.close()
        try? torch?.set(on: false)
        publish()
        torch = nil
    }
}
