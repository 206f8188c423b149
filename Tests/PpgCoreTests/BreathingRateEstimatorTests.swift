import PpgCore
import Testing

/// The camera channel on beat series with a known breathing rate.
struct BreathingRateEstimatorTests {
    private let estimator = BreathingRateEstimator()

    /// Slowest rate whose clean modulation must reach `medium`: slower breathing nears the counting band's lower
    /// edge (6 brpm), where the interval noise adds cycles and makes them irregular.
    static let slowestMediumRate = 12.0

    @Test(arguments: [7.5, 9.0, 10.7, 12.0, 13.3, 15.0, 16.4, 18.0, 20.5, 22.0, 24.0])
    func findsTheBreathingRateWithinOneBreathPerMinute(breathingRate: Double) throws {
        for seed: UInt64 in 1...4 {
            let signals = BreathingTestSignals(heartRate: 55 + 5 * Double(seed), breathingRate: breathingRate)
            let analysis = estimator.analyze(BreathingInput(beats: signals.beats(seed: seed)))
            let rate = try #require(analysis.rate, "seed \(seed)")
            #expect(abs(rate.brpm - breathingRate) < 1, "seed \(seed): \(rate.brpm)")
            if breathingRate >= Self.slowestMediumRate {
                #expect(rate.tier == .medium, "seed \(seed): confidence \(rate.confidence)")
            }
        }
    }

    @Test func breathingOnTheBandEdgeIsNeverMedium() {
        for seed: UInt64 in 1...4 {
            let signals = BreathingTestSignals(heartRate: 55 + 5 * Double(seed), breathingRate: 6)
            let analysis = estimator.analyze(BreathingInput(beats: signals.beats(seed: seed)))
            if let rate = analysis.rate { #expect(rate.tier == .low, "seed \(seed): \(rate)") }
        }
    }

    @Test func resolvesRatesFinerThanOneOverTheWindow() throws {
        // 60 s gives a spectrum 1/T = 1 brpm bins; counted cycles must still locate a clean modulation finer.
        for breathingRate in [11.5, 14.25, 17.8] {
            let signals = BreathingTestSignals(breathingRate: breathingRate, lowFrequencyMs: 0, intervalNoiseMs: 1,
                                               amplitudeNoise: 0.005, wander: 0, intensityNoise: 0.003)
            let analysis = estimator.analyze(BreathingInput(beats: signals.beats(seed: 7)))
            let camera = try #require(analysis.camera)
            for estimate in camera.modulations {
                #expect(abs(estimate.brpm - breathingRate) < 0.25, "\(estimate)")
            }
        }
    }

    @Test func reportsEveryModulationWithItsCycleVariation() throws {
        let analysis = estimator.analyze(BreathingInput(beats: BreathingTestSignals().beats(seed: 3)))
        let camera = try #require(analysis.camera)
        #expect(camera.modulations.map(\.modulation) == RespiratoryModulation.allCases)
        #expect(camera.fused.count == 3)
        for estimate in camera.modulations {
            #expect(estimate.cycleVariation >= 0 && estimate.cycleVariation < 0.15, "\(estimate)")
        }
        #expect(camera.agreement > 0.8)
        #expect(camera.regularity > 0.6)
        #expect(camera.beatQualityFraction > 0.95)
        #expect(analysis.rate?.confidence == camera.confidence)
    }

    @Test func withoutRespiratoryModulationTheRateIsLowOrAbsent() {
        for seed: UInt64 in 1...8 {
            let signals = BreathingTestSignals(rsaMs: 0, amplitudeModulation: 0, intensityModulation: 0)
            let analysis = estimator.analyze(BreathingInput(beats: signals.beats(seed: seed)))
            if let rate = analysis.rate {
                #expect(rate.tier == .low, "seed \(seed): \(rate)")
            }
        }
    }

    @Test func staysBelowHalfTheHeartRate() {
        // At 40 bpm the beats cannot carry breathing faster than 20 brpm.
        for seed: UInt64 in 1...4 {
            let signals = BreathingTestSignals(heartRate: 40, breathingRate: 24)
            let analysis = estimator.analyze(BreathingInput(beats: signals.beats(seed: seed)))
            for estimate in analysis.camera?.modulations ?? [] {
                #expect(estimate.brpm <= 20, "seed \(seed): \(estimate)")
            }
        }
    }

    @Test func bridgesInvalidBeatsAndSplitsAtGaps() throws {
        for seed: UInt64 in 1...4 {
            var beats = BreathingTestSignals(breathingRate: 12).beats(seed: seed)
            for index in stride(from: 5, to: beats.count, by: 9) { beats[index].isValid = false }
            let gap = beats.indices.filter { beats[$0].time > 28 && beats[$0].time < 31 }
            let afterGap = try #require(gap.last).advanced(by: 1)
            beats[afterGap].intervalMs = nil
            beats.removeSubrange(try #require(gap.first)...(try #require(gap.last)))
            let analysis = estimator.analyze(BreathingInput(beats: beats, windowStart: 0, windowEnd: 60))
            let rate = try #require(analysis.rate)
            #expect(abs(rate.brpm - 12) < 1, "seed \(seed): \(rate.brpm)")
            let camera = try #require(analysis.camera)
            #expect(camera.beatQualityFraction < 0.9, "invalid beats and the gap lower the beat quality")
        }
    }

    @Test func needsFourBreathingCycles() {
        // 30 s at 6 brpm holds three cycles: no modulation may report it.
        let signals = BreathingTestSignals(breathingRate: 6, lowFrequencyMs: 0, duration: 30)
        let analysis = estimator.analyze(BreathingInput(beats: signals.beats(seed: 2)))
        for estimate in analysis.camera?.modulations ?? [] {
            #expect(estimate.brpm > 7.9, "\(estimate)")
        }
    }

    @Test func returnsNothingWithoutBeats() {
        let analysis = estimator.analyze(BreathingInput(beats: [], windowStart: 0, windowEnd: 60))
        #expect(analysis.rate == nil)
        #expect(analysis.camera == nil)
    }
}
