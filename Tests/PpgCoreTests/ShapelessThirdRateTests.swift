import Testing
@testable import PpgCore

/// Rates above `FoldedRate.shapelessFoldBpm` whose third lies in the heart band (`FinalAnalyzer.shapelessThirdRival`):
/// a slow faint pulse whose band-passed power sits in its third harmonic was answered at `usable` at three times its
/// rate from the spectrum, its fold at half that rate showing two equal halves (`nfv-bench honesty 1800-2699`).
struct ShapelessThirdRateTests {
    /// Seed of `nfv-bench honesty` (whole ranges) answered at 199.9 bpm from red's spectrum for 67.5.
    @Test func aSlowPulseReadAtThreeTimesItsRateIsWithheldWithItsThird() throws {
        let capture = SaturatedWeakPulse(seed: 2028)
        let reading = SyntheticReading(configuration: capture.configuration)
        let truth = reading.truth.metrics.heartRateBpm ?? capture.heartRateBpm
        let result = try FinalAnalyzer().analyze(frames: reading.frames, motion: reading.motion).get()
        #expect(result.quality == .withheld || abs(result.heartRateBpm - truth) <= 5,
                "truth \(truth), \(result.heartRateBpm) bpm, \(result.quality)")
        #expect(result.quality != .withheld
                    || result.diagnostics.candidateRatesBpm.contains { abs($0 - truth) <= 5 },
                "truth \(truth), candidates \(result.diagnostics.candidateRatesBpm)")
    }

    /// Faint pulses that truly beat at 166–193 bpm (the captures' levels, noise and dicrotic wave, the rate set),
    /// whose cycles folded three times were the least alike of 665 such answers (0.64–0.77): still answered.
    static let fastCaptures: [(seed: UInt64, rateBpm: Double, corner: Bool)] = [(268, 166, false), (368, 166, true),
                                                                                (39, 193, false)]

    @Test(arguments: fastCaptures)
    func aFaintFastPulseIsStillAnswered(fast: (seed: UInt64, rateBpm: Double, corner: Bool)) throws {
        var capture = fast.corner
            ? SaturatedWeakPulse(seed: fast.seed, redLevels: SaturatedWeakPulse.cornerRedLevels,
                                 greenLevels: SaturatedWeakPulse.cornerGreenLevels)
            : SaturatedWeakPulse(seed: fast.seed)
        capture.heartRateBpm = fast.rateBpm
        try ShapelessHalfRateTests.expectAnsweredRight(capture)
    }
}
