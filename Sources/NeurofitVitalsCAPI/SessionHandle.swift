import NeurofitVitals
import NeurofitVitalsCamera
import Synchronization

/// The session behind one `nfv_session *`: a `SessionSetup` the host fills in, then the running `Session` built from
/// it at the first start, under one lock. Every call the handle's phase does not allow is `misuse`.
final class SessionHandle: Sendable {
    private enum Phase {
        /// Before the first start: the host is choosing.
        case configuring(SessionSetup)
        /// Started at least once.
        case running(Session)
        /// Stopped before it ever started: the (empty) event stream has ended.
        case ended
    }

    private let phase: Mutex<Phase>

    /// A handle whose session will run with `setup`.
    init(_ setup: SessionSetup) {
        phase = Mutex(.configuring(setup))
    }

    /// Changes the setup. Only before the first start.
    /// - Throws: `misuse` once started or stopped; `change`'s error.
    func configure(_ change: (inout SessionSetup) throws(VitalsError) -> Void) throws(VitalsError) {
        try phase.withLock { (phase) throws(VitalsError) in
            guard case .configuring(var setup) = phase else {
                throw .misuse("Sources, recording and the callback are chosen before start")
            }
            try change(&setup)
            phase = .configuring(setup)
        }
    }

    /// Builds the session on the first call (the chosen source, else the default camera) and starts it.
    func start() throws(VitalsError) {
        let session = try phase.withLock { (phase) throws(VitalsError) -> Session in
            switch phase {
            case .running(let session):
                return session
            case .ended:
                throw .misuse("The session was stopped; create a new session")
            case .configuring(let setup):
                let session = try Session(setup, defaultSource: DefaultCamera.source)
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
    func cancelReading(reason: String) {
        session?.cancelReading(reason: reason)
    }

    /// The setup's choice before start, the state machine's afterwards.
    var autoStart: Bool {
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
    func stop() {
        let running = phase.withLock { phase -> Session? in
            if case .running(let session) = phase { return session }
            phase = .ended
            return nil
        }
        running?.stop()
    }

    /// `stop`, and no callback runs after it returns (unless called from inside one). For destroy.
    func release() {
        if let session { session.release() } else { stop() }
    }

    /// The next event (see `Session.nextEvent`). Before start there is nothing yet: `timedOut` at once.
    func nextEvent(timeout: Double?) throws(VitalsError) -> Session.Pull {
        let current = phase.withLock { phase -> (session: Session?, hasCallback: Bool, ended: Bool) in
            switch phase {
            case .configuring(let setup): (nil, setup.callback != nil, false)
            case .running(let session): (session, false, false)
            case .ended: (nil, false, true)
            }
        }
        if current.hasCallback { throw Session.callbackOwnsEvents }
        guard let session = current.session else { return current.ended ? .ended : .timedOut }
        return try session.nextEvent(timeout: timeout)
    }

    /// The current state (`idle` before start).
    var state: SessionState { session?.state ?? .idle }

    /// The chosen source, when it is host frames (for the submit calls).
    var hostFrames: HostFrameSource? {
        phase.withLock { phase in
            switch phase {
            case .configuring(let setup): setup.source as? HostFrameSource
            case .running(let session): session.source as? HostFrameSource
            case .ended: nil
            }
        }
    }
}
