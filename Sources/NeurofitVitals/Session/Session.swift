import Glibc
import PpgCore
import Synchronization

/// One reading session (SPEC §4): a source, the reading state machine, the engine and an ordered event stream.
///
/// Threads: every public method is safe from any thread, including from inside an event callback; none waits
/// longer than enqueueing, except `start` (until the source opened or failed) and `nextEvent` (until its time-out).
/// One worker thread per session owns the state machine and the engine and consumes frames, commands and source
/// notices in order; events are delivered by one event thread to the callback, or pulled with `nextEvent`.
public final class Session: Sendable {
    /// What `nextEvent` found.
    public enum Pull: Sendable, Equatable {
        /// The next event's JSON.
        case event(String)
        /// No event within the time-out.
        case timedOut
        /// The stream has ended: no event will come again.
        case ended
    }

    /// The configuration the session runs with.
    public let configuration: VitalsConfiguration
    /// The frame source.
    public let source: any FrameSource
    /// The reading's id (a replay keeps the recorded one).
    public let readingId: String

    private let environment: SessionEnvironment
    private let commands = BlockingQueue<SessionCommand>(capacity: 512)
    private let events = BlockingQueue<String>()
    private let control: Mutex<Control>
    private let delivery = DeliveryGate()
    private let worker: Mutex<SessionWorkerState>
    private let stopRequested = Atomic<Bool>(false)
    /// The finger contact last told to the source (worker thread only; nil before the first guidance).
    private let toldContact = Mutex<Bool?>(nil)

    /// Public facts the worker keeps current.
    private struct Control {
        var state: SessionState = .idle
        var running = false
        var stopped = false
        var workerStarted = false
        var callback: (@Sendable (String) -> Void)?
        var callbackModeChosen = false
        var autoStart = true
    }

    /// Creates a session. The source is not opened until `start`.
    /// - Throws: `notActivated` when the source needs a license and none is active.
    /// - Parameter recordingPath: when set, what the session consumes is written there (docs/recording-format.md);
    ///   the file is created now (`invalidArgument` when it cannot be).
    public init(configuration: VitalsConfiguration = VitalsConfiguration(), source: any FrameSource,
                engine: any ReadingEngine, environment: SessionEnvironment = .system,
                recordingPath: String? = nil) throws(VitalsError) {
        if source.info.requiresLicense { try License.shared.requireActivation() }
        self.configuration = configuration
        self.source = source
        self.environment = environment
        readingId = source.info.recordedIdentity?.id ?? environment.makeId()
        let machine = ReadingStateMachine(configuration: configuration, fpsTier: source.info.fpsTier,
                                          deviceModel: source.info.deviceModel)
        control = Mutex(Control())
        let recorder = try recordingPath.map { path throws(VitalsError) in
            try SessionRecorder(path: path, configuration: configuration, source: source.info,
                                startedAt: ISO8601.format(unixSeconds: environment.now()))
        }
        worker = Mutex(SessionWorkerState(machine: machine, engine: engine, configuration: configuration,
                                          source: source.info, readingId: readingId, recorder: recorder))
    }

    // MARK: - Host calls

    /// Delivers events to `callback` on the session's event thread instead of `nextEvent`. Call before `start`.
    /// - Throws: `internalError` once the session has started.
    public func setCallback(_ callback: (@Sendable (String) -> Void)?) throws(VitalsError) {
        try control.withLock { (control) throws(VitalsError) in
            guard !control.workerStarted else {
                throw .internalError("The event callback must be set before start")
            }
            control.callback = callback
            control.callbackModeChosen = callback != nil
        }
    }

    /// Opens the source and starts positioning (again, after a cancel to idle).
    /// - Throws: `internalError` when already running, stopped or finished; `notActivated`; the source's errors
    ///   (camera permission, busy, missing file…). A failed start leaves the session as it was.
    public func start() throws(VitalsError) {
        try control.withLock { (control) throws(VitalsError) in
            if control.stopped { throw .internalError("The session was stopped; create a new session") }
            if control.state.isTerminal { throw .internalError("The session has finished; create a new session") }
            if control.running { throw .internalError("The session is already running") }
            if source.info.requiresLicense { try License.shared.requireActivation() }
            if !control.workerStarted {
                try startThreads(callback: control.callback)
                control.workerStarted = true
            }
            // Positioning begins before the first frame is consumed, whichever of the two reaches the worker first.
            worker.withLock { $0.beginPending = true }
            let waits = source.info.canRunAhead
            do throws(VitalsError) {
                try source.open { [commands] item in commands.put(.item(item), waitForRoom: waits) }
            } catch {
                worker.withLock { $0.beginPending = false }
                throw error
            }
            control.running = true
            Log.note("session \(readingId.prefix(8)): \(source.info.kind) source opened (\(source.info.fpsTier) fps tier)")
            commands.put(.begin)
        }
    }

    /// Cancels the reading in progress with `cancelledByApp` and the host's reason (the detail token). Ignored
    /// unless measuring; applied at the next preview tick.
    public func cancelReading(reason: String) {
        commands.put(.cancel(reason))
    }

    /// While false, positioning continues but no reading starts. Default true.
    public var isAutoStartEnabled: Bool {
        get { control.withLock { $0.autoStart } }
        set {
            control.withLock { $0.autoStart = newValue }
            commands.put(.autoStart(newValue))
        }
    }

    /// Ends the session (final, idempotent, any thread, also from a callback): the source is released at once.
    /// Before `measurementComplete` no result follows; after it the result is still delivered.
    public func stop() {
        let first = control.withLock { control in
            defer { control.stopped = true }
            return !control.stopped
        }
        guard first else { return }
        stopRequested.store(true, ordering: .releasing)
        source.close()
        if !control.withLock({ $0.workerStarted }) {
            events.close()
        }
        commands.put(.stop)
    }

    /// `stop` plus: no callback runs after this returns, except when called from inside a callback (that callback
    /// finishes first). For `nfv_session_destroy`.
    public func release() {
        stop()
        delivery.detach()
    }

    /// The next event, waiting up to `timeout` seconds (nil: forever).
    /// - Throws: `invalidArgument` when events are delivered by callback (one consumer per session).
    public func nextEvent(timeout: Double?) throws(VitalsError) -> Pull {
        if control.withLock({ $0.callbackModeChosen }) {
            throw .invalidArgument("This session delivers its events to a callback; nfv_session_next_event is "
                + "for sessions without one")
        }
        switch events.take(timeout: timeout) {
        case .element(let json): return .event(json)
        case .timedOut: return .timedOut
        case .closed: return .ended
        }
    }

    /// The current state.
    public var state: SessionState { control.withLock { $0.state } }

    // MARK: - Threads

    private func startThreads(callback: (@Sendable (String) -> Void)?) throws(VitalsError) {
        try DetachedThread.start(name: "nfv-session") { [self] in runWorker() }
        if let callback {
            try DetachedThread.start(name: "nfv-events") { [self] in runEventThread(callback) }
        }
    }

    private func runEventThread(_ callback: @Sendable (String) -> Void) {
        while case .element(let json) = events.take(timeout: nil) {
            delivery.deliver { callback(json) }
        }
        delivery.finish()
    }

    private func runWorker() {
        while true {
            guard case .element(let command) = commands.take(timeout: nil) else { break }
            // Once stop() was called, frames still queued are dropped rather than analysed.
            if case .item = command, stopRequested.load(ordering: .acquiring) { continue }
            let outputs = worker.withLock { state in state.handle(command, wallClock: environment.now) }
            for output in outputs { apply(output) }
            if worker.withLock({ $0.machine.isFinished }) { break }
        }
        source.close()
        control.withLock { $0.running = false }
        events.close()
        commands.close()
    }

    /// Carries out the source-side actions and publishes the events: exposure is held from the start of a reading
    /// until it is abandoned or finalized, and finger contact is passed on; the source is released before the events
    /// that announce it (so `start` works again once `state(idle)` arrived); the final analysis runs after
    /// `measurementComplete` is published.
    private func apply(_ output: ReadingStateMachine.Output) {
        for action in output.actions {
            switch action {
            case .startReading: source.readingDidStart()
            case .abandonReading: source.readingDidEnd()
            case .finalize, .releaseSource: break
            }
        }
        for case .guidance(let guidance, _) in output.events {
            tellContact(guidance != .noContact)
        }
        if output.actions.contains(.releaseSource) {
            source.close()
            control.withLock { $0.running = false }
        }
        publish(output.events, time: output.time)
        for case .finalize(let from, let to) in output.actions {
            source.close()
            let finished = worker.withLock { state in state.finalize(from: from, to: to) }
            publish(finished.events, time: finished.time)
        }
    }

    /// Tells the source when the finger contact the guidance shows changed (the camera tunes its exposure anew
    /// when a finger arrives).
    private func tellContact(_ contact: Bool) {
        let changed = toldContact.withLock { told in
            defer { told = contact }
            return told != contact
        }
        if changed { source.fingerContactDidChange(contact) }
    }

    /// Queues `newEvents` for the host, each stamped with the sample time `time` they arose at.
    private func publish(_ newEvents: [SessionEvent], time: Double?) {
        for event in newEvents {
            if case .state(let state) = event {
                control.withLock { $0.state = state }
                Log.note("session \(readingId.prefix(8)): \(state.name)")
            } else if case .cancelled(let reason, _) = event {
                Log.note("session \(readingId.prefix(8)): reading cancelled (\(reason.kind.rawValue))")
            }
            events.put(event.json(time: time))
        }
    }
}

/// Lets `release` wait for an in-flight callback and keeps further callbacks from running after it.
private final class DeliveryGate: Sendable {
    private let lock = ConditionLock()
    private let state = Mutex<(detached: Bool, delivering: Bool, thread: pthread_t?)>((false, false, nil))

    /// Runs `body` unless detached, marking the delivery in flight.
    func deliver(_ body: () -> Void) {
        let proceed = lock.withLock {
            state.withLock { current in
                guard !current.detached else { return false }
                current.delivering = true
                current.thread = pthread_self()
                return true
            }
        }
        guard proceed else { return }
        body()
        lock.withLock {
            state.withLock { $0.delivering = false }
            lock.broadcast()
        }
    }

    /// No callback starts after this returns; waits for one in flight unless called from inside it.
    func detach() {
        lock.withLock {
            state.withLock { $0.detached = true }
            while state.withLock({ $0.delivering && !Self.isCurrent($0.thread) }) { lock.wait(until: nil) }
        }
    }

    /// The event thread is done.
    func finish() {
        lock.withLock { state.withLock { $0.thread = nil } }
    }

    private static func isCurrent(_ thread: pthread_t?) -> Bool {
        thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
    }
}
