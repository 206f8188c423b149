import NeurofitVitals
import Glibc
import PpgCore
import Synchronization

/// The camera as a session's frame source: opens the camera at its highest tier with the torch
/// on (guarded by a guardian process), streams on a dedicated thread through `CameraCaptureLoop` — exposure tuner,
/// tier drops, stall restart, waiting for a lost camera — and on `close` releases the camera and switches the
/// torch off before returning. The exposure is held from `readingDidStart` until `readingDidEnd` or `close`.
/// With `readsAccelerometer` (the configuration's `motionBreathing`) it also polls the first IIO accelerometer it finds
/// (`AccelerometerPoller`) while open; without one, the host may hand it accelerometer samples (`HostMotionInput`).
public final class CameraSource: PreviewingSource, HostMotionInput {
    public let info: SourceInfo
    /// The camera this source reads.
    public let camera: CameraDescription

    private let tunerSettings: ExposureTunerSettings?
    private let selector: FpsTierSelector
    private let policy: CameraHealthPolicy
    private let environment: CameraEnvironment
    private let readsAccelerometer: Bool
    private let current = ForkSafeMutex<CaptureRun?>(nil)
    private let lastStatus = ForkSafeMutex<CameraStatus?>(nil)
    private let preview = ForkSafeMutex<PreviewMailbox?>(nil)

    /// The source for `device` (nil, "" or "default": the default camera; a path; a stable id from discovery; or a
    /// facing) at the first of `tiers` it reaches. The tuner runs with `tunerSettings` where the camera has manual
    /// exposure (nil: no tuner, the camera stays on its automatic exposure). With `readsAccelerometer`, each open
    /// also polls the accelerometer under the environment's IIO root, when there is one.
    /// - Throws: `cameraUnavailable` (no such camera), `cameraPermissionDenied`, or `unsupportedDevice`.
    public init(device: String?, environment: CameraEnvironment = .current(),
                tiers: [Int] = FpsTierSelector.defaultTiers,
                tunerSettings: ExposureTunerSettings? = ExposureTunerSettings(),
                policy: CameraHealthPolicy = CameraHealthPolicy(),
                readsAccelerometer: Bool = false) throws(VitalsError) {
        selector = FpsTierSelector(tiers: tiers)
        camera = try CameraDiscovery(environment: environment, selector: selector).resolve(device)
        self.environment = environment
        self.readsAccelerometer = readsAccelerometer
        self.tunerSettings = tunerSettings
        self.policy = policy
        info = SourceInfo(kind: "camera", fpsTier: camera.choice?.tier ?? selector.tiers.min() ?? 20,
                          deviceModel: camera.deviceModel)
    }

    /// The source for `device` run as `configuration` asks: its `fpsTiers` ladder, the exposure tuner with its
    /// `exposure*` keys when `exposureTunerEnabled` (else the camera's automatic exposure), and the IIO accelerometer
    /// when `motionBreathing` is on. A camera reading needs a license, so activation is checked first: without it the
    /// host learns `notActivated`, not what the camera search found.
    /// - Throws: `notActivated`; then as `init(device:environment:tiers:tunerSettings:policy:readsAccelerometer:)`.
    public convenience init(device: String?, configuration: VitalsConfiguration,
                            environment: CameraEnvironment = .current()) throws(VitalsError) {
        try License.shared.requireActivation()
        let advanced = configuration.advanced
        try self.init(device: device, environment: environment, tiers: advanced.fpsTiers,
                      tunerSettings: advanced.exposureTunerEnabled ? ExposureTunerSettings(advanced) : nil,
                      readsAccelerometer: configuration.motionBreathing)
    }

    deinit {
        close()
    }

    /// The camera's operating point and counters (nil before the first open).
    public var status: CameraStatus? {
        lastStatus.withLock { $0 }
    }

    /// Previews go to `mailbox` from the next `open` on.
    public func attachPreview(_ mailbox: PreviewMailbox?) {
        preview.withLock { $0 = mailbox }
    }

    public func open(delivering deliver: @escaping @Sendable (SourceItem) -> Void) throws(VitalsError) {
        close()
        guard let choice = camera.choice else {
            throw VitalsError(.unsupportedDevice, camera.unsupportedReason ?? "unsupported camera")
        }
        let guardian = camera.torch.flatMap { try? TorchGuardian(torch: $0) }
        let backend: any CaptureBackend
        do {
            backend = try openBackend(choice)
        } catch {
            Log.note("camera: cannot open \(camera.path): \(error.message)")
            guardian?.release()
            throw error.vitalsError
        }
        let accelerometer = readsAccelerometer ? environment.accelerometer() : nil
        let run = CaptureRun(guardian: guardian, deliver: deliver,
                             poller: accelerometer.map { AccelerometerPoller(accelerometer: $0) })
        let loop = CameraCaptureLoop(
            backend: backend, clock: MonotonicClock(), torch: camera.torch.flatMap { try? $0.open() },
            modes: camera.modes, selector: selector, choice: choice, tunerSettings: tunerSettings,
            policy: policy, accelerometer: accelerometer, deliver: run.deliver,
            report: { [weak self] status in self?.lastStatus.withLock { $0 = status } },
            shouldStop: { run.isStopping }, readingActive: { run.isReadingActive },
            fingerContact: { run.fingerContact })
        do throws(CaptureError) {
            try? loop.prepare()
            try backend.startStreaming()
        } catch {
            Log.note("camera: cannot start \(camera.path): \(error.message)")
            loop.abandon()
            guardian?.release()
            throw error.vitalsError
        }
        Log.note("camera: \(camera.path) (\(camera.deviceModel)) at \(choice.tier) fps in \(choice.mode.label); torch "
            + (camera.torch.map { "\($0.label)" + (guardian == nil ? " without a guardian" : "") } ?? "none"))
        current.withLock { $0 = run }
        let transfer = UncheckedTransfer(loop)
        do {
            try DetachedThread.start(name: "nfv-camera") {
                run.markCaptureThread()
                transfer.value.run()
                run.finish()
            }
        } catch {
            loop.abandon()
            run.finish()
            throw error
        }
        run.startPolling()
    }

    /// The camera's backend, opened at `choice`: PipeWire for a camera only PipeWire offers; else V4L2, and
    /// PipeWire when the V4L2 node is busy and PipeWire offers the same camera (on a desktop where another program
    /// streams it through PipeWire, the daemon holds the node: sharing it beats failing).
    private func openBackend(_ choice: FpsTierSelector.Choice) throws(CaptureError) -> any CaptureBackend {
        let mailbox = preview.withLock { $0 }
        if camera.isPipeWireOnly, let node = camera.pipeWireNode {
            let backend = PipeWireCaptureBackend(node: node, remote: environment.pipeWire, device: camera.path)
            backend.preview = mailbox
            try backend.open(mode: choice.mode, fps: choice.tier)
            return backend
        }
        let backend = V4L2CaptureBackend(device: camera.path, stableId: camera.id,
                                         discovery: CameraDiscovery(environment: environment, selector: selector))
        backend.preview = mailbox
        do {
            try backend.open(mode: choice.mode, fps: choice.tier)
            return backend
        } catch where error.code == EBUSY && camera.pipeWireNode != nil && environment.pipeWire != .off {
            let node = camera.pipeWireNode ?? ""
            Log.note("camera: \(camera.path) is busy; opening it through PipeWire (\(node))")
            let shared = PipeWireCaptureBackend(node: node, remote: environment.pipeWire, device: camera.path)
            shared.preview = mailbox
            try shared.open(mode: choice.mode, fps: choice.tier)
            return shared
        }
    }

    /// Hands a host's accelerometer sample to the session, unless the source reads an accelerometer itself.
    /// - Throws: `invalidArgument` for a bad value or a timestamp that does not increase; `misuse` while closed
    ///   (`HostFrameSource.notRunning`) or when the source polls an IIO accelerometer.
    public func submit(motion timestampMicroseconds: Int64, x: Double, y: Double, z: Double) throws(VitalsError) {
        let sample = try MotionSample.fromHost(timestampMicroseconds: timestampMicroseconds, x: x, y: y, z: z)
        guard let run = current.withLock({ $0 }) else { throw HostFrameSource.notRunning }
        try run.submitHostMotion(sample, microseconds: timestampMicroseconds)
    }

    public func readingDidStart() {
        current.withLock { $0 }?.setReadingActive(true)
    }

    public func readingDidEnd() {
        current.withLock { $0 }?.setReadingActive(false)
    }

    public func fingerContactDidChange(_ contact: Bool) {
        current.withLock { $0 }?.setFingerContact(contact)
    }

    /// Every caller waits until the camera is released, also while another thread's close is under way (the session
    /// closes the camera once the result is built while the host may destroy the session).
    public func close() {
        guard let run = current.withLock({ $0 }) else { return }
        run.stopAndWait()
        current.withLock { if $0 === run { $0 = nil } }
    }
}

/// One open…close of a camera source: the stop request, whether a reading is in progress and a finger is on the
/// lens, the capture thread's end, the torch guardian, the accelerometer poller, and the delivery to the session that
/// the capture thread, the poller and the host's motion samples share (one call at a time, none after the stop).
private final class CaptureRun: Sendable {
    private let stopping = Atomic<Bool>(false)
    private let readingActive = Atomic<Bool>(false)
    /// 1 finger on the lens, 0 none, -1 not known yet.
    private let contact = Atomic<Int8>(-1)
    private let captureThread = Atomic<UInt>(0)
    private let done = ConditionLock()
    private let finished = ForkSafeMutex<Bool>(false)
    private let guardian: UncheckedTransfer<TorchGuardian?>
    private let session: @Sendable (SourceItem) -> Void
    private let delivering = ForkSafeMutex(())
    private let poller: AccelerometerPoller?
    /// The timestamp of the host's last motion sample.
    private let lastHostMotion = ForkSafeMutex<Int64?>(nil)

    init(guardian: TorchGuardian?, deliver: @escaping @Sendable (SourceItem) -> Void, poller: AccelerometerPoller?) {
        self.guardian = UncheckedTransfer(guardian)
        session = deliver
        self.poller = poller
    }

    /// Hands `item` to the session unless stopping; one caller at a time.
    @Sendable func deliver(_ item: SourceItem) {
        delivering.withLock { _ in
            if !isStopping { session(item) }
        }
    }

    /// Starts the accelerometer poller, if there is one (a refused thread leaves the reading without it).
    func startPolling() {
        guard let poller else { return }
        do {
            try poller.start { [self] sample in deliver(.motion(sample)) }
            Log.note("accelerometer: polling \(poller.accelerometer.label) every \(Int(poller.interval * 1000)) ms")
        } catch {
            Log.note("accelerometer: \(error.message)")
        }
    }

    /// Hands a host's motion sample on.
    /// - Throws: `misuse` while the poller reads the accelerometer; `invalidArgument` when the timestamp does not
    ///   come after the previous host sample's.
    func submitHostMotion(_ sample: MotionSample, microseconds: Int64) throws(VitalsError) {
        if let poller {
            throw .misuse("This camera session reads the accelerometer \(poller.accelerometer.label) itself: "
                + "motion samples from the host are refused (set NFV_IIO_ROOT=none to send your own)")
        }
        try lastHostMotion.withLock { (last) throws(VitalsError) in
            try MotionSample.checkIncreasing(microseconds, after: last)
            last = microseconds
        }
        deliver(.motion(sample))
    }

    var isStopping: Bool { stopping.load(ordering: .acquiring) }

    /// Whether the session is measuring a reading (the capture thread holds the exposure meanwhile).
    var isReadingActive: Bool { readingActive.load(ordering: .acquiring) }

    func setReadingActive(_ active: Bool) {
        readingActive.store(active, ordering: .releasing)
    }

    /// Whether the session sees a finger on the lens (nil: not known yet).
    var fingerContact: Bool? {
        switch contact.load(ordering: .acquiring) {
        case 1: true
        case 0: false
        default: nil
        }
    }

    func setFingerContact(_ present: Bool) {
        contact.store(present ? 1 : 0, ordering: .releasing)
    }

    func markCaptureThread() {
        captureThread.store(UInt(pthread_self()), ordering: .releasing)
    }

    /// Called by the capture thread when the camera is released: lets the guardian go and wakes `stopAndWait`.
    func finish() {
        guardian.value?.release()
        done.withLock { finished.withLock { $0 = true } }
        done.broadcast()
    }

    /// Asks the capture thread to stop and waits until it released the camera (not when called from it).
    func stopAndWait() {
        stopping.store(true, ordering: .releasing)
        poller?.stop()
        guard captureThread.load(ordering: .acquiring) != UInt(pthread_self()) else { return }
        done.withLock {
            while !finished.withLock({ $0 }) { done.wait(until: nil) }
        }
    }
}

/// Hands a non-`Sendable` value to exactly one other thread: the sender never touches it again.
struct UncheckedTransfer<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
