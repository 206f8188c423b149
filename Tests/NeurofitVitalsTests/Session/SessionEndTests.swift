import Glibc
import PpgCore
import Synchronization
@testable import NeurofitVitals
import Testing

/// What happened, in order, across the session's threads: the engine's final analysis, the source's close, events.
private final class Timeline: Sendable {
    private let entries = Mutex<[String]>([])

    func note(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }

    /// Waits up to `seconds` for an entry equal to `entry`.
    func waitFor(_ entry: String, seconds: Double = 10) -> Bool {
        let deadline = monotonicSeconds() + seconds
        while monotonicSeconds() < deadline {
            if all.contains(entry) { return true }
            usleep(1_000)
        }
        return false
    }
}

/// The scripted engine with a final analysis that takes `finalizeSeconds` and is noted on the timeline.
private struct SlowFinalEngine: ReadingEngine {
    var scripted = ScriptedEngine()
    let finalizeSeconds: Double
    let timeline: Timeline

    mutating func reset() { scripted.reset() }
    mutating func restart() { scripted.restart() }
    mutating func push(_ frame: FrameSample) -> (beats: [Double?], tick: LiveTick?) { scripted.push(frame) }
    mutating func push(_ motion: MotionSample) {}

    func finalize(frames: [FrameSample], motion: [MotionSample], id: String, capturedAt: String)
        -> Result<ReadingResult, VitalsError> {
        timeline.note("finalize begins")
        usleep(UInt32(finalizeSeconds * 1e6))
        timeline.note("finalize ends")
        return scripted.finalize(frames: frames, motion: motion, id: id, capturedAt: capturedAt)
    }
}

/// Host frames whose close is noted on the timeline (a camera turns its torch off there).
private final class NotedHostFrames: FrameSource {
    let host = HostFrameSource()
    let timeline: Timeline

    init(timeline: Timeline) { self.timeline = timeline }

    var info: SourceInfo { host.info }
    func open(delivering deliver: @escaping @Sendable (SourceItem) -> Void) throws(VitalsError) {
        try host.open(delivering: deliver)
    }
    func close() {
        timeline.note("source closed")
        host.close()
    }
}

/// Lets the callback reach the session without keeping it alive.
private final class WeakSession: Sendable {
    private let session = Mutex<Session?>(nil)
    private let weakSession = Mutex<WeakReference>(WeakReference())

    private struct WeakReference: @unchecked Sendable { weak var session: Session? }

    func set(_ session: Session) { weakSession.withLock { $0.session = session } }
    var value: Session? { weakSession.withLock { $0.session } }
}

/// A host-frames session whose callback notes every event type and calls `onEvent` (given the session).
private func notedSession(timeline: Timeline, finalizeSeconds: Double,
                          onEvent: @escaping @Sendable (TimedEvent, Session) -> Void = { _, _ in })
    throws -> (Session, HostFrameSource, WeakSession) {
    try License.shared.activate(keyText: try TestKeys.test.issue(TestKeys.payload), appId: "tool")
    let source = NotedHostFrames(timeline: timeline)
    let reference = WeakSession()
    var setup = SessionSetup(configuration: VitalsConfiguration(), source: source)
    setup.callback = { event in
        let type = eventTypes([event.json]).first ?? "?"
        timeline.note(type == "state" ? "state \(event.event.stateName ?? "")" : type)
        if let session = reference.value { onEvent(event, session) }
    }
    let session = try Session(setup, engine: { _, _ in
        SlowFinalEngine(finalizeSeconds: finalizeSeconds, timeline: timeline)
    }, environment: fixedEnvironment)
    reference.set(session)
    return (session, source.host, reference)
}

/// 70 s of a steady finger at 30 fps: enough for a whole 60 s reading.
private func feedReading(_ source: HostFrameSource) {
    for index in 0..<(70 * 30) {
        try? source.submit(FrameSample(timestamp: 100 + Double(index) / 30, red: 180, green: 5, blue: 20))
    }
}

extension SessionEvent {
    /// The state a `state` event announces.
    fileprivate var stateName: String? {
        if case .state(let state) = self { state.name } else { nil }
    }
}

@Suite(.serialized) struct SessionEndTests {
    @Test func releasedInsideMeasurementCompleteTheResultStillArrivesThenTheSessionIsFreed() throws {
        let timeline = Timeline()
        var reference: WeakSession?
        do {
            let (session, source, weak) = try notedSession(timeline: timeline, finalizeSeconds: 0.1) { event, session in
                if case .measurementComplete = event.event { session.release() }
            }
            reference = weak
            try session.start()
            feedReading(source)
        }
        #expect(timeline.waitFor("completed"))
        usleep(50_000)
        let events = timeline.all.filter { !["finalize begins", "finalize ends", "source closed"].contains($0) }
        #expect(Array(events.suffix(3)) == ["measurementComplete", "state finalizing", "completed"],
                "the result, and not the state that follows it")
        let deadline = monotonicSeconds() + 2
        while reference?.value != nil, monotonicSeconds() < deadline { usleep(1_000) }
        #expect(reference?.value == nil, "the session is freed once it has delivered")
    }

    @Test func releasedFromAnotherThreadWhileFinalizingItReturnsAtOnceAndTheResultArrives() throws {
        let timeline = Timeline()
        let (session, source, _) = try notedSession(timeline: timeline, finalizeSeconds: 0.5)
        try session.start()
        feedReading(source)
        #expect(timeline.waitFor("measurementComplete"))
        let before = monotonicSeconds()
        session.release()
        #expect(monotonicSeconds() - before < 0.3, "release does not wait for the final analysis")
        #expect(timeline.waitFor("completed"))
        usleep(50_000)
        #expect(!timeline.all.contains("state completed"), "nothing after the result")
    }

    @Test func releasedWhileMeasuringNothingArrivesAfterIt() throws {
        let timeline = Timeline()
        let (session, source, _) = try notedSession(timeline: timeline, finalizeSeconds: 0)
        try session.start()
        for index in 0..<(20 * 30) {
            try? source.submit(FrameSample(timestamp: 100 + Double(index) / 30, red: 180, green: 5, blue: 20))
        }
        #expect(timeline.waitFor("started"))
        session.release()
        let count = timeline.all.count
        usleep(100_000)
        #expect(timeline.all.dropFirst(count).allSatisfy { $0 == "source closed" }, "no event after release")
        #expect(!timeline.all.contains("measurementComplete"))
    }

    @Test func releasedWhileMeasurementCompleteWaitsUndeliveredNeitherItNorTheResultArrives() throws {
        let timeline = Timeline()
        let blocked = Atomic<Bool>(false)
        let (session, source, _) = try notedSession(timeline: timeline, finalizeSeconds: 0.3) { event, _ in
            // The first preview holds the event thread until the final analysis has begun, and a little longer:
            // measurementComplete is queued but not handed over when the host lets go.
            guard case .preview = event.event, !blocked.exchange(true, ordering: .acquiringAndReleasing) else { return }
            _ = timeline.waitFor("finalize begins")
            usleep(100_000)
        }
        try session.start()
        feedReading(source)
        #expect(timeline.waitFor("finalize begins"))
        session.release()
        usleep(600_000)
        #expect(!timeline.all.contains("measurementComplete") && !timeline.all.contains("completed"),
                "\(timeline.all.suffix(5))")
    }

    @Test func theSourceStaysOpenUntilTheResultIsBuilt() throws {
        let timeline = Timeline()
        let (session, source, _) = try notedSession(timeline: timeline, finalizeSeconds: 0.2)
        try session.start()
        feedReading(source)
        #expect(timeline.waitFor("state completed"))
        usleep(50_000)
        let entries = timeline.all
        let finalizeEnds = try #require(entries.firstIndex(of: "finalize ends"))
        let closed = try #require(entries.firstIndex(of: "source closed"))
        #expect(finalizeEnds < closed, "\(entries.suffix(8))")
        session.release()
    }
}
