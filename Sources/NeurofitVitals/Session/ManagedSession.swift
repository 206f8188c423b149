import PpgCore
import Synchronization

/// A session as the C ABI and the bindings expose it: set up step by step (configuration, source, recording,
/// callback, auto-start), then started; afterwards every call is forwarded to the running `Session`.
///
/// The source defaults to the default camera (the simple flow: create, start, listen).
public final class ManagedSession: Sendable {
    /// Builds the engine for a session once its source is known.
    public typealias EngineFactory = @Sendable (VitalsConfiguration, SourceInfo) -> any ReadingEngine
    /// Builds the default source (the default camera, run with the session's configuration) when the host chose none.
    public typealias DefaultSource = @Sendable (VitalsConfiguration) throws(VitalsError) -> any FrameSource

    private struct Setup {
        var source: (any FrameSource)?
        var recordingPath: String?
        var callback: (@Sendable (String) -> Void)?
        var autoStart = true
        var session: Session?
    }

    /// The validated configuration the host gave (or the defaults).
    public let configuration: VitalsConfiguration
    /// Whether the host gave a configuration: without one, a replayed recording runs with its own.
    private let configurationGiven: Bool
    private let setup = Mutex(Setup())
    private let engineFactory: EngineFactory
    private let defaultSource: DefaultSource
    private let environment: SessionEnvironment

    /// A session with `configuration`; the engine, the default source and the environment are injectable.
    public init(configuration: VitalsConfiguration?, engineFactory: @escaping EngineFactory,
                defaultSource: @escaping DefaultSource, environment: SessionEnvironment = .system) {
        self.configuration = configuration ?? VitalsConfiguration()
        configurationGiven = configuration != nil
        self.engineFactory = engineFactory
        self.defaultSource = defaultSource
        self.environment = environment
    }

    /// Chooses the source. Only before the first `start`.
    public func use(_ source: any FrameSource) throws(VitalsError) {
        try beforeStart { $0.source = source }
    }

    /// Records what the session consumes to `path` (docs/recording-format.md). Only before the first `start`.
    public func record(to path: String) throws(VitalsError) {
        try beforeStart { $0.recordingPath = path }
    }

    /// Events go to `callback` on the session's event thread instead of `nextEvent`. Only before the first `start`.
    public func setCallback(_ callback: (@Sendable (String) -> Void)?) throws(VitalsError) {
        try beforeStart { $0.callback = callback }
    }

    /// While false, positioning continues but no reading starts. Any time, any thread.
    public func setAutoStart(_ enabled: Bool) {
        let session = setup.withLock { setup in
            setup.autoStart = enabled
            return setup.session
        }
        session?.isAutoStartEnabled = enabled
    }

    /// The chosen source, when it is host frames (for `submit`).
    public var hostFrames: HostFrameSource? {
        setup.withLock { $0.source as? HostFrameSource }
    }

    /// Creates the session on the first call (with the chosen or default source) and starts it.
    public func start() throws(VitalsError) {
        let session = try setup.withLock { (setup) throws(VitalsError) -> Session in
            if let session = setup.session { return session }
            if stoppedBeforeStart.load(ordering: .acquiring) {
                throw .misuse("The session was stopped; create a new session")
            }
            let source: any FrameSource
            if let chosen = setup.source { source = chosen } else { source = try defaultSource(configuration) }
            let recorded = (source as? ReplaySource)?.recordedConfiguration
            let effective = configurationGiven ? configuration : recorded ?? configuration
            let session = try Session(configuration: effective, source: source,
                                      engine: engineFactory(effective, source.info), environment: environment,
                                      recordingPath: setup.recordingPath)
            try session.setCallback(setup.callback)
            session.isAutoStartEnabled = setup.autoStart
            setup.source = source
            setup.session = session
            return session
        }
        try session.start()
    }

    /// See `Session.cancelReading`; nothing to cancel before start.
    public func cancelReading(reason: String) {
        setup.withLock { $0.session }?.cancelReading(reason: reason)
    }

    /// See `Session.stop`. Before the first start it ends the (empty) event stream too.
    public func stop() {
        let session = setup.withLock { setup -> Session? in
            if setup.session == nil { stoppedBeforeStart.store(true, ordering: .releasing) }
            return setup.session
        }
        session?.stop()
    }

    /// `stop`, and no callback runs after it returns (unless called from inside one). For destroy.
    public func release() {
        if let session = setup.withLock({ $0.session }) { session.release() } else { stop() }
    }

    /// The next event (see `Session.nextEvent`). Before `start` there is nothing yet: it waits out the time-out.
    public func nextEvent(timeout: Double?) throws(VitalsError) -> Session.Pull {
        let (session, callback) = setup.withLock { ($0.session, $0.callback) }
        if callback != nil {
            throw .invalidArgument("This session delivers its events to a callback; nfv_session_next_event is "
                + "for sessions without one")
        }
        guard let session else {
            return stoppedBeforeStart.load(ordering: .acquiring) ? .ended : .timedOut
        }
        return try session.nextEvent(timeout: timeout)
    }

    /// The current state (`idle` before start).
    public var state: SessionState {
        setup.withLock { $0.session }?.state ?? .idle
    }

    private let stoppedBeforeStart = Atomic<Bool>(false)

    private func beforeStart(_ change: (inout Setup) -> Void) throws(VitalsError) {
        try setup.withLock { (setup) throws(VitalsError) in
            guard setup.session == nil, !stoppedBeforeStart.load(ordering: .acquiring) else {
                throw .misuse("Sources, recording and the callback are chosen before start")
            }
            change(&setup)
        }
    }
}
