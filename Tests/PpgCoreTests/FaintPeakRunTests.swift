import Testing
@testable import PpgCore

/// The 15 s peak holding its rate over half a minute of faint ticks (`FaintPeakRun`), and the start it gives a faint
/// pulse too weak for the 15 s comb.
struct FaintPeakRunTests {
    /// Feeds `peaks` (nil for a tick that does not qualify) and returns the last answer.
    private static func holds(_ peaks: [Double?]) -> Bool {
        var run = FaintPeakRun()
        var held = false
        for peak in peaks { held = run.record(peakBpm: peak) }
        return held
    }

    @Test func aPeakHeldOnTwentyTwoOfThirtyTicksHoldsAndOnTwentyOneDoesNot() {
        let steady = Array(repeating: 120.0, count: 30)
        #expect(Self.holds(steady))
        // Within 3 % of the median holds (118–122 bpm about 120); 8 peaks elsewhere still hold, 9 do not.
        let wandering = (0..<30).map { 118.0 + Double($0 % 5) }
        #expect(Self.holds(wandering))
        let eightAway = (0..<30).map { $0 < 8 ? 90.0 : 120.0 }
        #expect(Self.holds(eightAway))
        let nineAway = (0..<30).map { $0 < 9 ? 80.0 + Double($0) : 120.0 }
        #expect(!Self.holds(nineAway))
    }

    @Test func theSpanNeedsThirtyQualifyingTicksInARow() {
        #expect(!Self.holds(Array(repeating: 120.0, count: 29)))
        // A tick that does not qualify (not faint, no contact, no look) ends the span.
        let broken: [Double?] = Array(repeating: 120.0, count: 20) + [nil] + Array(repeating: 120.0, count: 20)
        #expect(!Self.holds(broken))
        #expect(Self.holds(broken + Array(repeating: 120.0, count: 10)))
    }

    @Test func aFaintPulseTooWeakForTheCombStartsOnItsHeldPeakWithItsEvidenceFortyFourSecondsBack() {
        // Seed 11 (138 bpm, 0.6 counts under a clipped red): its 15 s comb never stands out three ticks running.
        let capture = SaturatedWeakPulse(seed: 11)
        let reading = SyntheticReading(configuration: capture.configuration, durationS: 60)
        var analyzer = LiveAnalyzer()
        let ticks = reading.frames.compactMap { analyzer.push($0).tick }
        let opening = LiveStartRule.standard.opening(in: ticks)
        #expect(opening.map { $0 >= 44 && $0 <= 50 } == true, "\(String(describing: opening))")
        let tick = ticks.first { $0.time == opening }
        #expect(tick?.faintPeakHeld == true && tick?.faintPulseStandsOut == false)
        #expect(tick?.faintPulseEvidenceSeconds == FaintPeakRun.evidenceSeconds)
        #expect(tick?.longWindowPeakBpm.map { abs($0 - capture.heartRateBpm) <= 3 } == true)
        // The span needs 30 ticks with a 15 s look, the first once the run spans 15 s: none holds before 43 s.
        #expect(ticks.filter(\.faintPeakHeld).allSatisfy { $0.time >= 43 })
        #expect(ticks.filter { !$0.faintPeakHeld }.allSatisfy { $0.faintPulseEvidenceSeconds <= 15 })
    }

    @Test func cameraNoiseOverTwoMinutesNeverHoldsItsPeakLongEnough() {
        for seed: UInt64 in [0, 1, 2, 3] {
            for noise in [0.2, 0.5] {
                var analyzer = LiveAnalyzer()
                let frames = CameraNoiseScene.frames(seed: seed, noise: noise, seconds: 120)
                let ticks = frames.compactMap { analyzer.push($0).tick }
                let held = ticks.filter(\.faintPeakHeld).map(\.time)
                #expect(held.isEmpty, "seed \(seed), \(noise) counts: held at \(held)")
                #expect(LiveStartRule.standard.opening(in: ticks) == nil, "seed \(seed), \(noise) counts")
            }
        }
    }
}
