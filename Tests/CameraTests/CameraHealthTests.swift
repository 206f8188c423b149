import NeurofitVitals
@testable import NeurofitVitalsCamera
import Testing

/// `CameraHealthMonitor` on a virtual clock: tier-drop ticks, stalls, the recovery window.
struct CameraHealthTests {
    /// Feeds frames at `fps` from frame time `from` for `seconds`, wall time = frame time; returns the decisions
    /// other than `.none`.
    private func feed(_ monitor: inout CameraHealthMonitor, fps: Double, from: Double, seconds: Double)
        -> [CameraHealthMonitor.Decision] {
        var decisions: [CameraHealthMonitor.Decision] = []
        var t = from
        while t < from + seconds {
            let decision = monitor.frameArrived(at: t, now: t)
            if decision != .none { decisions.append(decision) }
            t += 1 / fps
        }
        return decisions
    }

    @Test func aSteadyRateNeverDrops() {
        var monitor = CameraHealthMonitor(tier: 30, now: 0)
        #expect(feed(&monitor, fps: 30, from: 0, seconds: 20).isEmpty)
        #expect(abs((monitor.lastRate ?? 0) - 30) < 0.5)
    }

    @Test func twoLowTicksDropOneTierAndOneDoesNot() {
        var monitor = CameraHealthMonitor(tier: 30, now: 0)
        #expect(feed(&monitor, fps: 30, from: 0, seconds: 5).isEmpty)
        var decisions = feed(&monitor, fps: 18, from: 5, seconds: 1.05)
        #expect(feed(&monitor, fps: 30, from: 6.05, seconds: 3).isEmpty)
        decisions += feed(&monitor, fps: 18, from: 9.05, seconds: 3)
        #expect(decisions == [.dropTier])
    }

    @Test func theSettlingSecondIsNotMeasured() {
        var monitor = CameraHealthMonitor(tier: 30, now: 0)
        #expect(feed(&monitor, fps: 5, from: 0, seconds: 0.99).isEmpty)
        #expect(monitor.lastRate == nil)
    }

    @Test func aRateAt70PercentIsNotLow() {
        var monitor = CameraHealthMonitor(tier: 20, now: 0)
        #expect(feed(&monitor, fps: 14.5, from: 0, seconds: 10).isEmpty)
    }

    @Test func theFirstStallRestartsAndReportsTheSecondFails() {
        var monitor = CameraHealthMonitor(tier: 30, now: 0)
        _ = feed(&monitor, fps: 30, from: 0, seconds: 3)
        #expect(monitor.idle(now: 3.5) == .none)
        #expect(monitor.idle(now: 4.1) == .restart(report: true))
        monitor.streamStarted(now: 4.1)
        _ = feed(&monitor, fps: 30, from: 5, seconds: 3)
        #expect(monitor.recoveryDeadline == nil)
        guard case .fail = monitor.idle(now: 9.2) else {
            Issue.record("a second stall must fail")
            return
        }
    }

    @Test func framesWhoseTimeNeverMovesOnAreAStall() {
        var monitor = CameraHealthMonitor(tier: 30, now: 0)
        #expect(feed(&monitor, fps: 30, from: 0, seconds: 3).isEmpty)
        // Frames keep arriving, every one stamped with the last good time: after the time-out, a reported restart.
        var decisions: [CameraHealthMonitor.Decision] = []
        var now = 3.0
        while now < 3 + monitor.stallTimeout + 0.5 {
            let decision = monitor.frameArrived(at: 2.99, now: now)
            if decision != .none { decisions.append(decision) }
            now += 1.0 / 30
        }
        #expect(decisions == [.restart(report: true)])
        // The restarted stream stamps every frame 0: its first frame ends the recovery, the rest do not count, so
        // the time-out makes it the second stall, which fails.
        monitor.streamStarted(now: now)
        var second: [CameraHealthMonitor.Decision] = []
        while now < 3 + 2 * monitor.stallTimeout + 1 {
            let decision = monitor.frameArrived(at: 0, now: now)
            if decision != .none { second.append(decision) }
            now += 1.0 / 30
        }
        #expect(second == [.fail("The camera stopped delivering frames a second time")])
    }

    @Test func aStalledCameraHasTenSecondsToComeBack() {
        var monitor = CameraHealthMonitor(tier: 30, now: 0)
        _ = feed(&monitor, fps: 30, from: 0, seconds: 2)
        #expect(monitor.idle(now: 3) == .restart(report: true))
        monitor.streamStarted(now: 3)
        #expect(monitor.idle(now: 5.9) == .none)                 // 3 s for the first frame after a restart
        #expect(monitor.idle(now: 6.0) == .restart(report: false))
        monitor.streamStarted(now: 6)
        #expect(monitor.idle(now: 9.0) == .restart(report: false))
        monitor.streamStarted(now: 9)
        #expect(monitor.idle(now: 12.9) == .restart(report: false))
        guard case .fail = monitor.idle(now: 13.0) else {
            Issue.record("the recovery window is 10 s")
            return
        }
    }

    @Test func aCameraThatNeverStartsFailsAfterTenSeconds() {
        var monitor = CameraHealthMonitor(tier: 30, now: 0)
        #expect(monitor.idle(now: 3) == .restart(report: false))
        guard case .fail = monitor.idle(now: 10) else {
            Issue.record("no frames within 10 s must fail")
            return
        }
    }

    @Test func aLostCameraStartsOneRecoveryWindow() {
        var monitor = CameraHealthMonitor(tier: 30, now: 0)
        _ = feed(&monitor, fps: 30, from: 0, seconds: 2)
        let starts = monitor.lost(now: 2)
        let startsAgain = monitor.lost(now: 3)
        #expect(starts)
        #expect(!startsAgain)
        #expect(!monitor.recoveryExpired(now: 11.9))
        #expect(monitor.recoveryExpired(now: 12))
        monitor.streamStarted(now: 5)
        _ = monitor.frameArrived(at: 5.5, now: 5.5)
        #expect(monitor.recoveryDeadline == nil)
    }

    @Test func theStallTimeoutIsEightPeriodsButAtLeastOneSecond() {
        var slow = CameraHealthMonitor(tier: 5, now: 0)
        #expect(slow.stallTimeout == 3)
        _ = slow.frameArrived(at: 0, now: 0)
        #expect(slow.stallTimeout == 1.6)
        var fast = CameraHealthMonitor(tier: 60, now: 0)
        _ = fast.frameArrived(at: 0, now: 0)
        #expect(fast.stallTimeout == 1)
    }
}
