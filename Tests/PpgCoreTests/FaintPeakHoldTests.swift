@testable import PpgCore
import Testing

/// The faint-pulse look's peak must hold its rate over the previous ticks of the run before a faint tick counts.
struct FaintPeakHoldTests {
    @Test func aPeakHoldsWhileItStaysWithinTheToleranceOfTheEarlierTicks() {
        var hold = FaintPeakHold()
        let peaks = [90.0, 91, 92, 90.5, 89, 91.5, 90, 180, 90.5, 91]  // one slip to the harmonic
        let holds = peaks.enumerated().map { hold.record(time: Double(15 + $0.offset), peakBpm: $0.element,
                                                         runSince: 14.5) }
        #expect(holds.enumerated().allSatisfy { $0.element == ($0.offset != 7) }, "\(holds)")
    }

    @Test func aPeakThatMovedHoldsAgainOnlyOnceMostOfTheEarlierTicksShowIt() {
        var hold = FaintPeakHold()
        var holds: [Bool] = []
        for second in 0..<24 {
            let peak = second < 12 ? 70.0 : 94.0  // noise's peak jumps; a pulse's stays
            holds.append(hold.record(time: Double(15 + second), peakBpm: peak, runSince: 14.5))
        }
        // From the jump on, the earlier peaks at 70 bpm disagree until no more than two of them are ten ticks back.
        let back = FaintPeakHold.ticks - FaintPeakHold.allowedMisses
        #expect(holds[0..<12].allSatisfy { $0 })
        #expect(holds[12..<(12 + back)].allSatisfy { !$0 }, "\(holds)")
        #expect(holds[(12 + back)...].allSatisfy { $0 }, "\(holds)")
    }

    @Test func onlyTicksOfTheRunSinceItsFirstFullWindowCount() {
        var hold = FaintPeakHold()
        for second in 0..<10 { _ = hold.record(time: Double(15 + second), peakBpm: 60, runSince: 14.5) }
        // The run restarted: its look's window is full again from 24.5 s, and the ten peaks at 60 bpm do not count.
        let afterRestart = hold.record(time: 25, peakBpm: 80, runSince: 24.5)
        let withoutPeak = hold.record(time: 26, peakBpm: nil, runSince: 24.5)
        let next = hold.record(time: 27, peakBpm: 81, runSince: 24.5)
        #expect(afterRestart && !withoutPeak && next, "\(afterRestart) \(withoutPeak) \(next)")
    }
}
