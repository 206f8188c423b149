import Glibc
import PpgCore
import Synchronization
@testable import NeurofitVitals
import Testing

/// Frames at 30 fps from `start` for `seconds`, red 180 (a finger) or 40 (none).
private func frames(from start: Double, seconds: Double, red: Double = 180) -> [FrameSample] {
    (0..<Int(seconds * 30)).map { FrameSample(timestamp: start + Double($0) / 30, red: red, green: 5, blue: 20) }
}

/// A session on host frames with the scripted engine; `callback` (given the session) receives the events.
private func hostSession(_ configure: (inout VitalsConfiguration) -> Void = { _ in },
                         callback: (@Sendable (TimedEvent, Session) -> Void)? = nil) throws
    -> (Session, HostFrameSource) {
    try License.shared.activate(keyText: try TestKeys.test.issue(TestKeys.payload), appId: "tool")
    var configuration = VitalsConfiguration()
    configure(&configuration)
    let source = HostFrameSource()
    var setup = SessionSetup(configuration: configuration, source: source)
    let built = Mutex<Session?>(nil)
    if let callback {
        setup.callback = { event in
            if let session = built.withLock({ $0 }) { callback(event, session) }
        }
    }
    let session = try Session(setup, engine: { _, _ in ScriptedEngine() }, environment: fixedEnvironment)
    built.withLock { $0 = session }
    return (session, source)
}

@Suite(.serialized) struct SessionTests {
    @Test func aHostFrameReadingRunsToCompletion() throws {
        let (session, source) = try hostSession()
        try session.start()
        for frame in frames(from: 100, seconds: 70) { try? source.submit(frame) }
        let events = try drain(session)
        let types = eventTypes(events)
        #expect(types.first == "state")
        #expect(events.first == #"{"state":"positioning","type":"state"}"#)
        let started = try #require(types.firstIndex(of: "started"))
        #expect(types[started + 1] == "preview")
        #expect(events[started + 1].contains(#""progress":0,"#))
        #expect(types.suffix(5) == ["preview", "measurementComplete", "state", "completed", "state"])
        #expect(types.filter { $0 == "preview" }.count == 61)
        #expect(types.contains("heartbeat"))
        let completed = events[events.count - 2]
        #expect(completed.contains(#""id":"00000000-0000-0000-0000-000000000001""#))
        #expect(session.state.name == "completed")
        #expect(throws: VitalsError.self) { try session.start() }
    }

    @Test func capturedAtIsTheWallTimeOfTheFirstFrameNeverLaterThanTheResult() throws {
        let (session, source) = try hostSession()
        try session.start()
        for frame in frames(from: 100, seconds: 70) { try? source.submit(frame) }
        let events = try drain(session)
        // The wall clock stands at 1_800_000_000 (2027-01-15T08:00:00Z) throughout: 70 s of frames came at once.
        // The reading ends 63 s of sample time after the first frame, but capturedAt must not claim 08:01:03, a
        // time the wall clock has not reached when the result arrives.
        let result = try #require(events.first { $0.hasPrefix(#"{"result""#) })
        #expect(result.contains(#""capturedAt":"2027-01-15T08:00:00Z""#), "\(result.prefix(120))")
    }

    @Test func backwardsOrRepeatedTimestampsAreRejectedWithoutLosingEarlierFrames() throws {
        let (session, source) = try hostSession()
        try session.start()
        try source.submit(FrameSample(timestamp: 1, red: 180, green: 5, blue: 20))
        #expect(throws: VitalsError.self) { try source.submit(FrameSample(timestamp: 1, red: 180, green: 5, blue: 20)) }
        #expect(throws: VitalsError.self) { try source.submit(FrameSample(timestamp: 0.5, red: 180, green: 5, blue: 20)) }
        try source.submit(FrameSample(timestamp: 1.1, red: 180, green: 5, blue: 20))
        session.stop()
        #expect(throws: VitalsError.self) { try source.submit(FrameSample(timestamp: 2, red: 180, green: 5, blue: 20)) }
        #expect(eventTypes(try drain(session)) == ["state", "state"])
        #expect(session.state == .idle)
    }

    @Test func stopBeforeStartEndsTheStreamAndForbidsStart() throws {
        let (session, _) = try hostSession()
        session.stop()
        session.stop()
        #expect(try session.nextEvent(timeout: 0) == .ended)
        let error = TestKeys.rejection { try session.start() }
        #expect(error?.message == "The session was stopped; create a new session")
    }

    @Test func startTwiceIsRefused() throws {
        let (session, _) = try hostSession()
        try session.start()
        let error = TestKeys.rejection { try session.start() }
        #expect(error?.message == "The session is already running")
        session.stop()
    }

    @Test func callbackModeDeliversInOrderAndStopInsideTheCallbackWorks() throws {
        let received = Mutex<[String]>([])
        let (session, source) = try hostSession { _ in } callback: { event, session in
            received.withLock { $0.append(event.json) }
            if case .started = event.event { session.stop() }
        }
        try session.start()
        #expect(throws: VitalsError.self) { try session.nextEvent(timeout: 0) }
        for frame in frames(from: 0, seconds: 8) { try? source.submit(frame) }
        let deadline = monotonicSeconds() + 5
        while monotonicSeconds() < deadline, !received.withLock({ $0.last?.contains(#""state":"idle""#) ?? false }) {
            usleep(1000)
        }
        let types = eventTypes(received.withLock { $0 })
        #expect(types.first == "state" && types.contains("started"))
        let last = received.withLock { $0.last } ?? ""
        #expect(last.hasPrefix(#"{"state":"idle","t":"#) && last.hasSuffix(#","type":"state"}"#), "\(last)")
    }

    @Test func releaseWaitsForNoCallbackAndNoneRunsAfterIt() throws {
        let calls = Atomic<Int>(0)
        let (session, source) = try hostSession { _ in } callback: { _, _ in
            calls.add(1, ordering: .relaxed)
            usleep(2000)
        }
        try session.start()
        for frame in frames(from: 0, seconds: 20) { try? source.submit(frame) }
        session.release()
        let afterRelease = calls.load(ordering: .relaxed)
        usleep(50_000)
        #expect(calls.load(ordering: .relaxed) == afterRelease)
    }

    @Test func contactLossCancelsAndReturnsToPositioning() throws {
        let (session, source) = try hostSession()
        try session.start()
        for frame in frames(from: 0, seconds: 10) + frames(from: 10, seconds: 5, red: 40) { try source.submit(frame) }
        var events: [String] = []
        while events.dropLast().last?.contains(#""type":"cancelled""#) != true,
              let json = try session.nextEvent(timeout: 2).json {
            events.append(json)
        }
        session.stop()
        let cancelled = try #require(events.first { $0.contains(#""type":"cancelled""#) })
        #expect(cancelled.contains(#""detail":"contact_lost""#) && cancelled.contains(#""reason":"contactLost""#))
        let index = try #require(events.firstIndex(of: cancelled))
        let time = try #require(cancelled.firstRange(of: #""t":"#).map { cancelled[$0.upperBound...].prefix { $0 != "," } })
        #expect(events[index + 1] == #"{"state":"positioning","t":"# + time + #","type":"state"}"#,
                "positioning again at the cancel's sample time")
    }

    @Test func theSourceHoldsExposureDuringAReadingAndHearsOfTheFinger() throws {
        try License.shared.activate(keyText: try TestKeys.test.issue(TestKeys.payload), appId: "tool")
        let host = HostFrameSource()
        let source = ReadingSpySource(host)
        let session = try Session(SessionSetup(source: source), engine: { _, _ in ScriptedEngine() },
                                  environment: fixedEnvironment)
        try session.start()
        for frame in frames(from: 0, seconds: 10) + frames(from: 10, seconds: 5, red: 40) { try host.submit(frame) }
        var noticesAtStart: [String]?
        var cancelled = false
        while let json = try session.nextEvent(timeout: 2).json {
            if json.contains(#""type":"started""#) { noticesAtStart = source.notices }
            cancelled = cancelled || json.contains(#""type":"cancelled""#)
            if cancelled, json.contains(#""guidance":"noContact""#) { break }
        }
        session.stop()
        // The worker may run ahead of this consumer, but never publishes `started` before telling the source.
        #expect(noticesAtStart?.prefix(2) == ["contact true", "start"], "told before `started` is published")
        #expect(source.notices == ["contact true", "start", "end", "contact false"])
    }

    @Test func cancelToIdleReleasesTheSourceAndStartWorksAgain() throws {
        let (session, source) = try hostSession { $0.autoRestartAfterCancel = false }
        try session.start()
        for frame in frames(from: 0, seconds: 6) { try source.submit(frame) }
        session.cancelReading(reason: "user closed the sheet")
        for frame in frames(from: 6, seconds: 2) { try? source.submit(frame) }
        var sawIdle = false
        for _ in 0..<200 where !sawIdle {
            if let json = try session.nextEvent(timeout: 0.05).json { sawIdle = json.contains(#""state":"idle""#) }
        }
        #expect(sawIdle)
        #expect(throws: VitalsError.self) { try source.submit(FrameSample(timestamp: 9, red: 180, green: 5, blue: 20)) }
        try session.start()
        try source.submit(FrameSample(timestamp: 10, red: 180, green: 5, blue: 20))
        session.stop()
    }

    @Test func withoutALicenseHostFramesAreRefusedButTheSimulatorIsNot() throws {
        let unlicensed = License(verifier: TestKeys.verifier())
        #expect(throws: VitalsError.self) { try unlicensed.requireActivation() }
        let simulator = SimulatedFingerSource(configuration: SyntheticConfiguration(seed: 1), realTime: false)
        #expect(!simulator.info.requiresLicense && HostFrameSource().info.requiresLicense)
    }
}

/// A source that forwards to host frames and records the reading notices the session gives it.
private final class ReadingSpySource: FrameSource {
    private let host: HostFrameSource
    private let received = Mutex<[String]>([])

    init(_ host: HostFrameSource) { self.host = host }

    var info: SourceInfo { host.info }
    var notices: [String] { received.withLock { $0 } }

    func open(delivering deliver: @escaping @Sendable (SourceItem) -> Void) throws(VitalsError) {
        try host.open(delivering: deliver)
    }

    func close() { host.close() }
    func readingDidStart() { received.withLock { $0.append("start") } }
    func readingDidEnd() { received.withLock { $0.append("end") } }
    func fingerContactDidChange(_ contact: Bool) { received.withLock { $0.append("contact \(contact)") } }
}
