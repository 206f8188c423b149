import PpgCore
@testable import NeurofitVitals
import Testing

/// Starting again after a cancel to idle, with a source whose clock begins at 0 on every open.
@Suite struct SessionRestartTests {
    @Test func aRestartedSimulatorPositionsFromItsNewClockRatherThanWaitingOutTheFirstAttempt() throws {
        var configuration = VitalsConfiguration()
        configuration.autoRestartAfterCancel = false
        let source = SimulatedFingerSource(configuration: SyntheticConfiguration(seed: 3), realTime: false)
        let session = try Session(SessionSetup(configuration: configuration, source: source),
                                  environment: fixedEnvironment)
        try session.start()
        var cancelAsked = false
        var lastTimeOfFirstAttempt = 0.0
        while case .event(let timed) = try session.nextEvent(timeout: 10) {
            lastTimeOfFirstAttempt = timed.time ?? lastTimeOfFirstAttempt
            if case .preview(let preview) = timed.event, preview.elapsed >= 5, !cancelAsked {
                session.cancelReading(reason: "again")
                cancelAsked = true
            }
            if case .state(.idle) = timed.event { break }
        }
        #expect(session.state == .idle)
        #expect(lastTimeOfFirstAttempt > 15, "the first attempt ran for a while (positioning, settling, 5 s+)")

        try session.start()
        var startedAt: Double?
        while startedAt == nil, case .event(let timed) = try session.nextEvent(timeout: 10) {
            if case .started = timed.event { startedAt = timed.time }
        }
        session.stop()
        let started = try #require(startedAt, "a second reading starts")
        // The new clock starts at 0: one settling second, a few ticks of positioning, the 3-tick gate.
        #expect(started < 10, "positioning followed the new clock (started at \(started) s)")
    }
}
