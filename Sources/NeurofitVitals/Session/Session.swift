import Glibc
import PpgCore
import Synchronization

/// One reading session: a source, the reading state machine, the engine and an ordered stream of `SessionEvent`s,
/// built from a `SessionSetup`.
///
/// Threads: every public method is safe from any thread, including from inside an event callback. `start` waits
/// until the source opened or failed, `nextEvent` until its time-out, and `isAutoStartEnabled` while the worker
/// handles one frame (or the final analysis); the others only enqueue. One worker thread per session owns the state
/// machine and the engine and consumes frames, commands and source notices in order; events are delivered by one
/// event thread to the setup's callback, or pulled with `nextEvent`.
public final class Session: Sendable {
    /// Builds the engine for a session once its source is known.
    public typealias EngineFactory = @Sendable (VitalsConfiguration, SourceInfo) -> any ReadingEngine

    /// What `nextEvent` found.
    public enum Pull: Sendable, Equatable {
        /// The next event.
        case event(TimedEvent)
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
    private let callback: (@Sendable (TimedEvent) -> Void)?
    private let commands = BlockingQueue<SessionCommand>(capacity: 512)
    private let events = BlockingQueue<TimedEvent>()
    /// Events dropped because the host left more than `eventQueueLimit` unread (publishing thread only).
    private let droppedEvents = Atomic<Int>(0)
    /// The one snapshot of the session's state that `state`, `start`, `stop`, `hasEnded` and the worker read.
    private let control = ForkSafeMutex(Control())
    private let delivery: DeliveryGate
    private let worker: ForkSafeMutex<SessionWorkerState>
    /// The finger contact last told to the source (worker thread only; nil before the first guidance).
    private let toldContact = ForkSafeMutex<Bool?>(nil)

    /// The session's state as the host's calls see it, kept current by the worker (the published state) and by the
    /// host's calls (start, stop).
    private struct Control {
        /// The state of the latest `state` event (and the latest preview's `elapsed` while measuring).
        var state: SessionState = .idle
        /// The source is open.
        var running = false
        var workerStarted = false
        /// The host called `stop`: final. The one place the host's stop is known at once: `start` refuses,
        /// `hasEnded` says so and the worker drops the frames still queued. The state machine learns of it in
        /// order, from the `.stop` command behind them, and ends the event stream there (as it does when a source
        /// runs out).
        var stopRequested = false
    }

    /// A session from `setup`. The source is not opened until `start`.
    /// - Parameters:
    ///   - defaultSource: builds the source when the setup chose none (the default camera); nil: a source is
    ///     required.
    ///   - engine: builds the engine once the source is known (default: PpgCore through `EngineAdapter`).
    /// - Throws: `invalidArgument` without a source, or when the recording cannot be created; `notActivated` when
    ///   the source needs a license and none is active; the default source's errors.
    public init(_ setup: SessionSetup, defaultSource: SessionSetup.DefaultSource? = nil,
                engine: EngineFactory = EngineAdapter.init, environment: SessionEnvironment = .system)
        throws(VitalsError) {
        let source: any FrameSource
        if let chosen = setup.source {
            source = chosen
        } else if let defaultSource {
            source = try defaultSource(setup.configurationOrDefaults)
        } else {
            throw .invalidArgument("The session has no source: choose one before start")
        }
        if source.info.requiresLicense { try License.shared.requireActivation() }
        if let preview = setup.preview { (source as? any PreviewingSource)?.attachPreview(preview) }
        self.configuration = setup.effectiveConfiguration(for: source)
        self.source = source
        self.environment = environment
        callback = setup.callback
        delivery = DeliveryGate(released: setup.released)
        readingId = source.info.recordedIdentity?.id ?? environment.makeId()
        var machine = ReadingStateMachine(configuration: self.configuration, fpsTier: source.info.fpsTier,
                                          deviceModel: source.info.deviceModel)
        machine.isAutoStartEnabled = setup.autoStart
        let recorder = try setup.recordingPath.map { [configuration = self.configuration] path throws(VitalsError) in
            if let replay = source as? ReplaySource, let input = FileIdentity(path: replay.path),
               FileIdentity(path: path) == input {
                throw .invalidArgument("Cannot record to \(path): it is the file being replayed ('\(replay.path)')")
            }
            return try SessionRecorder(path: path, configuration: configuration, source: source.info,
                                startedAt: ISO8601.format(unixSeconds: environment.now()))
        }
        worker = ForkSafeMutex(SessionWorkerState(machine: machine, engine: engine(self.configuration, source.info),
                                          configuration: self.configuration, source: source.info,
                                          readingId: readingId, recorder: recorder))
    }

    // MARK: - Host calls

    /// Opens the source and starts positioning (again, after a cancel to idle).
    /// - Throws: `misuse` when already running, stopped or finished; `notActivated`; the source's errors
    ///   (camera permission, busy, missing file…). A failed start leaves the session as it was.
    public func start() throws(VitalsError) {
        try control.withLock { (control) throws(VitalsError) in
            if control.stopRequested { throw Self.stoppedError }
            if control.state.isTerminal { throw .misuse("The session has finished; create a new session") }
            if control.running { throw .misuse("The session is already running") }
            if source.info.requiresLicense { try License.shared.requireActivation() }
            if !control.workerStarted {
                try startThreads()
                control.workerStarted = true
            }
            // Positioning begins before the first frame is consumed, whichever of the two reaches the worker first.
            // Items still queued from an earlier opening (frames on the old clock) are dropped.
            let opening = worker.withLock { worker in
                worker.beginPending = true
                worker.opening += 1
                return worker.opening
            }
            let waits = source.info.canRunAhead
            do throws(VitalsError) {
                try source.open { [commands] item in commands.put(.item(item, opening: opening), waitForRoom: waits) }
            } catch {
                worker.withLock { $0.beginPending = false }
                throw error
            }
            control.running = true
            // The host sees positioning as soon as start returns; the worker's `state` event confirms it.
            control.state = .positioning
            Log.note("session \(readingId.prefix(8)): \(source.info.kind) source opened (\(source.info.fpsTier) fps tier)")
            commands.put(.begin)
        }
    }

    /// Cancels the reading in progress with `cancelledByApp` and the host's reason (the detail token). Ignored
    /// unless measuring; applied at the next preview tick.
    public func cancelReading(reason: String) {
        commands.put(.cancel(reason))
    }

    /// While false, positioning continues but no reading starts. The state machine owns the value: a change applies
    /// between two frames (and is recorded there).
    public var isAutoStartEnabled: Bool {
        get { worker.withLock { $0.machine.isAutoStartEnabled } }
        set {
            let output = worker.withLock { $0.setAutoStart(newValue) }
            publish(output.events, time: output.time)
        }
    }

    /// Ends the session (final, idempotent, any thread, also from a callback): the source is released at once.
    /// Before `measurementComplete` no result follows; after it the result is still delivered.
    public func stop() {
        let (alreadyStopped, workerStarted) = control.withLock { control in
            defer { control.stopRequested = true }
            return (control.stopRequested, control.workerStarted)
        }
        guard !alreadyStopped else { return }
        source.close()
        if !workerStarted {
            events.close()
        }
        commands.put(.stop)
    }

    /// `stop`, then waits for a callback in flight (unless called from inside it). When the callback has already
    /// been handed `measurementComplete` but not the result, the result is owed: the event thread goes on
    /// delivering up to the `completed` or `failed` event and then stops, and the session keeps itself alive until
    /// then. Otherwise no callback starts after this returns. Either way the setup's `released` is called once no
    /// callback can follow. For `nfv_session_destroy`.
    public func release() {
        stop()
        delivery.detachUnlessOutcomeOwed()
    }

    /// The next event, waiting up to `timeout` seconds (nil: forever).
    /// - Throws: `invalidArgument` when events are delivered by callback (one consumer per session).
    public func nextEvent(timeout: Double?) throws(VitalsError) -> Pull {
        if callback != nil { throw Self.callbackOwnsEvents }
        switch events.take(timeout: timeout) {
        case .element(let event): return .event(event)
        case .timedOut: return .timedOut
        case .closed: return .ended
        }
    }

    /// Why `start` refuses a session that was stopped: `stop` is final.
    public static let stoppedError = VitalsError.misuse("The session was stopped; create a new session")

    /// Why `nextEvent` refuses a session whose events go to a callback.
    public static let callbackOwnsEvents = VitalsError.invalidArgument(
        "This session delivers its events to a callback; nfv_session_next_event is for sessions without one")

    /// The current state: `positioning` as soon as `start` returns; while measuring, `elapsed` is the latest
    /// preview's (it ticks about once a second of sample time without a `state` event).
    public var state: SessionState { control.withLock { $0.state } }

    /// Whether the session needs no more frames: stopped, the duration captured (finalizing), completed or failed.
    public var hasEnded: Bool {
        let (state, stopped) = control.withLock { ($0.state, $0.stopRequested) }
        return stopped || state.isTerminal || state == .finalizing
    }

    // MARK: - Threads

    private func startThreads() throws(VitalsError) {
        try DetachedThread.start(name: "nfv-session") { [self] in runWorker() }
        if let callback {
            try DetachedThread.start(name: "nfv-events") { [self] in runEventThread(callback) }
        }
    }

    private func runEventThread(_ callback: @Sendable (TimedEvent) -> Void) {
        while case .element(let event) = events.take(timeout: nil) {
            delivery.deliver(event) { callback(event) }
        }
        delivery.finish()
    }

    private func runWorker() {
        while true {
            guard case .element(let command) = commands.take(timeout: nil) else { break }
            // Once stop() was called, frames still queued are dropped rather than analysed.
            if case .item = command, control.withLock({ $0.stopRequested }) { continue }
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
    /// `measurementComplete` is published, with the source (a camera's capture and torch) still open: it is closed
    /// once the result is built and queued.
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
            let finished = worker.withLock { state in state.finalize(from: from, to: to) }
            publish(finished.events, time: finished.time)
            source.close()
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

    /// The most events kept unread: beyond it the oldest guidance, preview or heartbeat (else the oldest other event
    /// of an attempt) is dropped, never the end of a measurement or the outcome. A full reading, cancels and retries
    /// included, publishes far fewer, so a host that reads only at the end still gets every event.
    public static let eventQueueLimit = 4096

    /// Queues `newEvents` for the host, each stamped with the sample time `time` they arose at. The state `state`
    /// reads follows the `state` events, and while measuring also each preview's `elapsed` (no event for that).
    /// A result carries the count of events dropped before it (`eventQueueLimit`).
    private func publish(_ newEvents: [SessionEvent], time: Double?) {
        for var event in newEvents {
            event = event.withEventsDropped(droppedEvents.load(ordering: .relaxed))
            if case .state(let state) = event {
                control.withLock { $0.state = state }
                Log.note("session \(readingId.prefix(8)): \(state.name)")
            } else if case .preview(let preview) = event {
                control.withLock { control in
                    if case .measuring = control.state { control.state = .measuring(elapsed: preview.elapsed) }
                }
            } else if case .cancelled(let reason, _) = event {
                Log.note("session \(readingId.prefix(8)): reading cancelled (\(reason.kind.rawValue))")
            }
            if events.put(TimedEvent(event, time: time), limit: Self.eventQueueLimit,
                          evicting: { $0.event.evictionRank }) != nil,
               droppedEvents.add(1, ordering: .relaxed).oldValue == 0 {
                Log.note("session \(readingId.prefix(8)): more than \(Self.eventQueueLimit) events unread: "
                    + "dropping the oldest guidance and previews")
            }
        }
    }
}
