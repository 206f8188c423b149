import Glibc
import PpgCore
@testable import NeurofitVitals
import Testing

/// Faults on host frames and replays: frames that stop, clocks that repeat or jump. The session keeps
/// its state, refuses what it must, loses nothing already received, and never hangs.
@Suite(.serialized) struct HostFrameFaultTests {
    private static func hostSession() throws -> (Session, HostFrameSource) {
        try License.shared.activate(keyText: try TestKeys.test.issue(TestKeys.payload), appId: "tool")
        let source = HostFrameSource(fpsTier: 30)
        let session = try Session(SessionSetup(source: source))
        try session.start()
        return (session, source)
    }

    private static func frame(_ time: Double) -> FrameSample {
        FrameSample(timestamp: time, red: 150 + 6 * sin(2 * Double.pi * 1.2 * time), green: 40, blue: 30)
    }

    /// Events already queued, without waiting.
    private static func drain(_ session: Session) throws -> [String] {
        var events: [String] = []
        while let json = try session.nextEvent(timeout: 0.2).json { events.append(json) }
        return events
    }

    @Test func hostFramesThatStopLeaveTheSessionPositioningAndDestroyWorks() throws {
        let (session, source) = try Self.hostSession()
        for index in 0..<60 { try source.submit(Self.frame(Double(index) / 30)) }
        let before = try Self.drain(session)
        #expect(before.first == #"{"state":"positioning","type":"state"}"#, "before the first frame: no t")
        // The host stops sending: nothing advances (the session runs on frame time), and nothing hangs.
        #expect(try session.nextEvent(timeout: 0.5) == .timedOut)
        #expect(session.state == .positioning)
        let started = monotonicSeconds()
        session.release()
        #expect(monotonicSeconds() - started < 2, "destroy returns promptly")
        #expect(throws: VitalsError.self) { try source.submit(Self.frame(3)) }
    }

    @Test func repeatedAndBackwardTimestampsAreRefusedAndNothingIsLost() throws {
        let (session, source) = try Self.hostSession()
        for index in 0..<45 { try source.submit(Self.frame(Double(index) / 30)) }
        for stale in [44.0 / 30, 1.0, 0.0] {
            let error = TestKeys.rejection { try source.submit(Self.frame(stale)) }
            #expect(error?.code == .invalidArgument && error?.message.contains("must increase") == true)
        }
        let jumpError = TestKeys.rejection {
            try source.submit(means: 1_000_000, red: 150, green: 40, blue: 30, saturatedFraction: -1)
        }
        #expect(jumpError?.code == .invalidArgument, "1 s in microseconds comes before 1.5 s")
        for index in 45..<130 { try source.submit(Self.frame(Double(index) / 30)) }
        let events = try Self.drain(session)
        let guidance = events.filter { $0.contains(#""type":"guidance""#) }
        #expect(guidance.count >= 3, "one guidance a second of the 4.3 s received: \(guidance.count)")
        session.release()
    }

    /// A replayed clock that jumps forward: the live analysis restarts after the gap, so no interval spans it.
    @Test func aReplayedClockJumpGivesNoIntervalAcrossTheGap() throws {
        var live = LiveAnalyzer()
        var beatTimes: [(time: Double, ibi: Double?)] = []
        let gapStart = 20.0, gap = 5.0
        for index in 0..<(40 * 30) {
            var time = Double(index) / 30
            if time >= gapStart { time += gap }
            let step = live.push(FrameSample(timestamp: time, red: 150 + 6 * sin(2 * Double.pi * 1.2 * time),
                                             green: 40, blue: 30))
            beatTimes += step.beats.map { ($0.time, $0.ibiMs) }
        }
        #expect(beatTimes.count > 30)
        let firstAfterGap = try #require(beatTimes.firstIndex { $0.time >= gapStart + gap })
        #expect(beatTimes[firstAfterGap].ibi == nil, "no interval across the \(gap) s gap")
        let intervals = beatTimes.compactMap(\.ibi)
        #expect(intervals.allSatisfy { $0 < 2_000 }, "longest interval \(intervals.max() ?? 0) ms")
    }
}
