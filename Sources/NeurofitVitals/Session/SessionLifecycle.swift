import Glibc
import Synchronization

/// A session's whole lifecycle as a host drives it — the one owner of its phase: configuring (a `SessionSetup` the
/// host fills in), then the running `Session` built from it at the first start, or ended before any start; the wait
/// of an event reader for a start; and which calls each phase allows (every other call is `misuse`). The C handle
/// (`nfv_session *`) and `nfv` both drive sessions through it, so they run the same lifecycle.
public final class SessionLifecycle: Sendable {
    /// What a submit call found.
    public enum Feeding: Sendable {
        /// The frame or sample was handed to the session.
        case accepted
        /// The session has ended (the duration was captured, it was stopped, or it failed): the host stops feeding.
        case over(String)
    }

    private enum Phase {
        /// Before the first start: the host is choosing.
        case configuring(SessionSetup)
        /// Started at least once.
        case running(Session)
        /// Stopped before it ever started: the (empty) event stream has ended. Keeps the setup's release notice.
        case ended(released: (@Sendable () -> Void)?)
    }

    private let phase: ForkSafeMutex<Phase>
    /// Wakes readers waiting in `nextEvent` for a start (or for the end) from another thread.
    private let phaseChanged = ConditionLock()
    /// The last start failed (and none succeeded since): no event will come.
    private let startFailed = Atomic<Bool>(false)
    /// `release` was called (the handle is being destroyed): readers still waiting get the end of the stream.
    private let released = Atomic<Bool>(false)
    /// Where preview frames go, if the host asked for them: closed by `release`.
    private let previewMailbox: ForkSafeMutex<PreviewMailbox?>
    /// A thread is inside `nextEvent`: a second one at the same time is refused (one consumer per session).
    private let pulling = Atomic<Bool>(false)

    /// Builds the source when the host chose none (the default camera); nil: a source is required.
    private let defaultSource: SessionSetup.DefaultSource?

    /// A lifecycle whose session will run with `setup`, or with `defaultSource`'s source when the setup chose none.
    public init(_ setup: SessionSetup, defaultSource: SessionSetup.DefaultSource?) {
        phase = ForkSafeMutex(.configuring(setup))
        previewMailbox = ForkSafeMutex(setup.preview)
        self.defaultSource = defaultSource
    }

    /// Changes the setup. Only before the first start.
    /// - Throws: `misuse` once started or stopped; `change`'s error.
    public func configure(_ change: (inout SessionSetup) throws(VitalsError) -> Void) throws(VitalsError) {
        try phase.withLock { (phase) throws(VitalsError) in
            guard case .configuring(var setup) = phase else {
                throw .misuse("Sources, recording and the callback are chosen before start")
            }
            try change(&setup)
            phase = .configuring(setup)
        }
    }

    /// Sets (nil: removes) where preview frames go: at most `maximumFPS` a second to `deliver` on a thread of their
    /// own. Before the first start only; `release` stops them.
    /// - Throws: `misuse` once started; `internalError` when the system refuses a thread.
    public func setPreview(_ preview: (maximumFPS: Int, deliver: @Sendable (PreviewFrame) -> Void)?)
        throws(VitalsError) {
        try configure { (setup) throws(VitalsError) in
            let mailbox = try preview.map { (fps, deliver) throws(VitalsError) in
                try PreviewMailbox(maximumFPS: fps, deliver: deliver)
            }
            setup.preview?.close()
            setup.preview = mailbox
            previewMailbox.withLock { $0 = setup.preview }
        }
    }

    /// Chooses the source. Before the first start, and only once.
    /// - Throws: `misuse` once started, or when a source was already chosen; `make`'s error.
    public func chooseSource(_ make: (VitalsConfiguration) throws(VitalsError) -> any FrameSource)
        throws(VitalsError) {
        try configure { (setup) throws(VitalsError) in
            if let chosen = setup.source {
                throw .misuse("A source was already chosen: \(chosen.info.kind) (one source per session; create a "
                    + "new session to use another)")
            }
            setup.source = try make(setup.configurationOrDefaults)
        }
    }

    /// Builds the session on the first call (the chosen source, else the default camera) and starts it.
    /// Readers waiting in `nextEvent` learn the outcome: events to come, or (failed) none.
    public func start() throws(VitalsError) {
        defer { announcePhaseChange() }
        do {
            try startSession()
            startFailed.store(false, ordering: .releasing)
        } catch {
            // A misuse (already running, stopped, finished) changes nothing about the events to come.
            if error.code != .misuse { startFailed.store(true, ordering: .releasing) }
            throw error
        }
    }

    private func startSession() throws(VitalsError) {
        let session = try phase.withLock { (phase) throws(VitalsError) -> Session in
            switch phase {
            case .running(let session):
                return session
            case .ended:
                throw Session.stoppedError
            case .configuring(let setup):
                let session = try Session(setup, defaultSource: defaultSource)
                phase = .running(session)
                return session
            }
        }
        try session.start()
    }

    /// The running session, if started.
    private var session: Session? {
        phase.withLock { phase in
            if case .running(let session) = phase { session } else { nil }
        }
    }

    /// See `Session.cancelReading`; nothing to cancel before start.
    public func cancelReading(reason: String) {
        session?.cancelReading(reason: reason)
    }

    /// The setup's choice before start, the state machine's afterwards.
    public var autoStart: Bool {
        get {
            phase.withLock { phase in
                switch phase {
                case .configuring(let setup): setup.autoStart
                case .running(let session): session.isAutoStartEnabled
                case .ended: false
                }
            }
        }
        set {
            let running = phase.withLock { phase -> Session? in
                switch phase {
                case .configuring(var setup):
                    setup.autoStart = newValue
                    phase = .configuring(setup)
                    return nil
                case .running(let session): return session
                case .ended: return nil
                }
            }
            running?.isAutoStartEnabled = newValue
        }
    }

    /// See `Session.stop`. Before the first start it ends the (empty) event stream.
    public func stop() {
        let running = phase.withLock { phase -> Session? in
            switch phase {
            case .running(let session): return session
            case .configuring(let setup): phase = .ended(released: setup.released)
            case .ended: break
            }
            return nil
        }
        announcePhaseChange()
        running?.stop()
    }

    /// `stop`, and no callback runs after it returns (unless called from inside one, or the result is owed: see
    /// `Session.release`); a reader waiting in `nextEvent` gets the end of the stream; the release notice is given
    /// once no callback can follow. For destroy.
    public func release() {
        released.store(true, ordering: .releasing)
        previewMailbox.withLock { $0 }?.close()
        if let session { return session.release() }
        stop()
        let notice = phase.withLock { phase -> (@Sendable () -> Void)? in
            guard case .ended(let notice) = phase else { return nil }
            phase = .ended(released: nil)
            return notice
        }
        notice?()
    }

    /// The next event, waiting up to `timeout` seconds (nil: forever). Before the first start it waits for a start
    /// from another thread; `ended` when no event can ever come (the start failed, stopped before start, released).
    /// - Throws: `invalidArgument` when events go to a callback; `misuse` while another thread is in this call (two
    ///   consumers would each get part of the stream).
    public func nextEvent(timeout: Double?) throws(VitalsError) -> Session.Pull {
        guard !pulling.exchange(true, ordering: .acquiringAndReleasing) else { throw Self.secondConsumer }
        defer { pulling.store(false, ordering: .releasing) }
        let deadline = timeout.map(ConditionLock.deadline(after:))
        guard let session = try waitForSession(until: deadline) else {
            return noEventCanCome ? .ended : .timedOut
        }
        let pulled = try session.nextEvent(timeout: deadline.map(Self.secondsLeft(until:)))
        return released.load(ordering: .acquiring) ? .ended : pulled
    }

    private static let secondConsumer = VitalsError.misuse("Another thread is already waiting in "
        + "nfv_session_next_event: a session has one event consumer, and two would each get part of the events")

    /// The running session, waiting until `deadline` (nil: forever) for a start; nil when none came in time or no
    /// event can come.
    private func waitForSession(until deadline: timespec?) throws(VitalsError) -> Session? {
        while true {
            let current = phase.withLock { phase -> (session: Session?, hasCallback: Bool) in
                switch phase {
                case .configuring(let setup): (nil, setup.callback != nil)
                case .running(let session): (session, false)
                case .ended: (nil, false)
                }
            }
            if current.hasCallback { throw Session.callbackOwnsEvents }
            if noEventCanCome { return nil }
            if let session = current.session { return session }
            if !waitForPhaseChange(until: deadline) { return nil }
        }
    }

    /// Whether the stream can have no event: stopped before start, released, or the last start failed.
    private var noEventCanCome: Bool {
        if released.load(ordering: .acquiring) || startFailed.load(ordering: .acquiring) { return true }
        return phase.withLock { phase in
            if case .ended = phase { true } else { false }
        }
    }

    /// Waits while the handle is still configuring and nothing ended it; false when `deadline` passed first.
    private func waitForPhaseChange(until deadline: timespec?) -> Bool {
        phaseChanged.withLock {
            while isWaitingForStart {
                if !phaseChanged.wait(until: deadline) { return !isWaitingForStart }
            }
            return true
        }
    }

    /// Configuring, and no failed start or release says events will never come.
    private var isWaitingForStart: Bool {
        guard !noEventCanCome else { return false }
        return phase.withLock { phase in
            if case .configuring = phase { true } else { false }
        }
    }

    /// Wakes readers waiting for a start; taking the lock first means none misses the change between its check and
    /// its wait.
    private func announcePhaseChange() {
        phaseChanged.withLock { phaseChanged.broadcast() }
    }

    /// Seconds from now until the monotonic `deadline` (0 when it passed).
    private static func secondsLeft(until deadline: timespec) -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return max(0, Double(deadline.tv_sec - now.tv_sec) + Double(deadline.tv_nsec - now.tv_nsec) / 1e9)
    }

    /// Hands a frame or sample to the host-frames source with `submit`: `over` once the session has ended (the
    /// duration captured, stopped, failed), so the host knows to stop feeding.
    /// - Throws: `misuse` when the source is not host frames, before start or while idle after a cancel ("call start
    ///   first"): all before the arguments are looked at; then `submit`'s errors.
    public func feed(_ submit: (HostFrameSource) throws(VitalsError) -> Void) throws(VitalsError) -> Feeding {
        try feed(HostFrameSource.self, submit) { _ throws(VitalsError) in
            throw .misuse("This session does not read host frames: call nfv_session_use_host_frames before start")
        }
    }

    /// Hands an accelerometer sample to a source that takes the host's (host frames, or a camera that reads no
    /// accelerometer itself) with `submit`; as `feed(_:)` otherwise.
    /// - Throws: `misuse` before start (when no source was chosen), and for the simulator and replays (their own
    ///   clocks, their own motion); `submit`'s errors.
    public func feedMotion(_ submit: (any HostMotionInput) throws(VitalsError) -> Void) throws(VitalsError) -> Feeding {
        try feed((any HostMotionInput).self, submit) { (source) throws(VitalsError) in
            guard let source else { throw HostFrameSource.notRunning }
            throw .misuse("This session's source (\(source.info.kind)) takes no motion samples from the host: they "
                + "go with the camera or host frames, on the frames' clock")
        }
    }

    /// Runs `submit` on the session's source when it is an `Input`, else `refuse` (given the source, if any).
    private func feed<Input>(_ type: Input.Type, _ submit: (Input) throws(VitalsError) -> Void,
                             refuse: ((any FrameSource)?) throws(VitalsError) -> Never) throws(VitalsError) -> Feeding {
        let current = phase.withLock { phase -> (source: (any FrameSource)?, session: Session?, ended: Bool) in
            switch phase {
            case .configuring(let setup): (setup.source, nil, false)
            case .running(let session): (session.source, session, false)
            case .ended: (nil, nil, true)
            }
        }
        if current.ended { return .over(Self.feedingOver) }
        guard let source = current.source as? Input else { try refuse(current.source) }
        // The source stays open while the final analysis runs: the session's state says the feeding is over.
        if current.session?.hasEnded == true { return .over(Self.feedingOver) }
        do {
            try submit(source)
            return .accepted
        } catch where error == HostFrameSource.notRunning && current.session?.hasEnded == true {
            return .over(Self.feedingOver)
        }
    }

    private static let feedingOver = "The session has ended: stop feeding frames"

    /// The current state (`idle` before start).
    public var state: SessionState { session?.state ?? .idle }

    /// The configuration the session runs (or will run) with: the running session's, else the host's or the
    /// defaults.
    public var configuration: VitalsConfiguration {
        phase.withLock { phase in
            switch phase {
            case .configuring(let setup): setup.configurationOrDefaults
            case .running(let session): session.configuration
            case .ended: VitalsConfiguration()
            }
        }
    }
}
