import Testing
@testable import PpgCore

/// Rates above `FoldedRate.shapelessFoldBpm` whose half lies in the heart band (`FinalAnalyzer.shapelessHalfRival`):
/// a faint pulse whose dicrotic wave is as tall as its systolic one, about half a period after it, was answered at
/// `usable` at twice (or three times) its rate by the beats, the spectrum or the fold, where the beat band-pass
/// leaves each wave one sinusoid and the beats show no two kinds (`nfv-bench honesty 900`, `honesty-windows 240`).
struct ShapelessHalfRateTests {
    /// Seeds of `nfv-bench honesty` (whole ranges) answered at 194.5, 203.8 and 206.3 bpm from the beats, for 96.5,
    /// 101.8 and 102.9.
    static let doubledSeeds: [UInt64] = [722, 764, 775]

    @Test(arguments: doubledSeeds)
    func aFaintPulseCountedTwiceIsWithheldWithItsHalf(seed: UInt64) throws {
        let capture = SaturatedWeakPulse(seed: seed)
        let reading = SyntheticReading(configuration: capture.configuration)
        let truth = reading.truth.metrics.heartRateBpm ?? capture.heartRateBpm
        let result = try FinalAnalyzer().analyze(frames: reading.frames, motion: reading.motion).get()
        #expect(result.quality == .withheld, "seed \(seed): truth \(truth), \(result.heartRateBpm) bpm")
        #expect(result.flags.contains(FinalAnalyzer.ambiguousRateFlag))
        #expect(result.diagnostics.candidateRatesBpm.contains { abs($0 - truth) <= 5 },
                "seed \(seed): truth \(truth), candidates \(result.diagnostics.candidateRatesBpm)")
    }

    /// Windows of `nfv-bench honesty-windows` answered at 195.0 bpm from red's fold for 97.5 (corner levels, seed
    /// 148 from 25 s) and at 199.6 bpm from green's spectrum for 66.5 (whole ranges, seed 189 from 20 s).
    static let multipliedWindows: [(seed: UInt64, startS: Double, corner: Bool)] = [(148, 25, true), (189, 20, false)]

    @Test(arguments: multipliedWindows)
    func aWindowAtAMultipleOfItsRateIsWithheld(window: (seed: UInt64, startS: Double, corner: Bool)) {
        let capture = window.corner
            ? SaturatedWeakPulse(seed: window.seed, redLevels: SaturatedWeakPulse.cornerRedLevels,
                                 greenLevels: SaturatedWeakPulse.cornerGreenLevels)
            : SaturatedWeakPulse(seed: window.seed)
        let reading = SyntheticReading(configuration: capture.configuration, durationS: 90)
        let frames = reading.frames.filter { $0.timestamp >= window.startS && $0.timestamp < window.startS + 60 }
        let result = try? FinalAnalyzer().analyze(frames: frames).get()
        #expect(result.map { $0.quality == .withheld } ?? true,
                "\(result.map { "\($0.heartRateBpm) bpm, \($0.quality), \($0.diagnostics.hrSource)" } ?? "")")
    }

    /// Faint pulses that truly beat at 185–198 bpm (the same captures' levels, noise and dicrotic wave, the rate
    /// set): their fold at half the rate shows two equal halves, and they are still answered.
    static let fastSeeds: [(seed: UInt64, rateBpm: Double)] = [(35, 185), (40, 190), (48, 198)]

    @Test(arguments: fastSeeds)
    func aFaintFastPulseIsStillAnswered(fast: (seed: UInt64, rateBpm: Double)) throws {
        var capture = SaturatedWeakPulse(seed: fast.seed)
        capture.heartRateBpm = fast.rateBpm
        try Self.expectAnsweredRight(capture)
    }

    /// Expects `capture` (its rate set) to be answered at quality ≥ usable within ±5 bpm of its true rate.
    static func expectAnsweredRight(_ capture: SaturatedWeakPulse,
                                    sourceLocation: SourceLocation = #_sourceLocation) throws {
        let reading = SyntheticReading(configuration: capture.configuration)
        let truth = reading.truth.metrics.heartRateBpm ?? capture.heartRateBpm
        let result = try FinalAnalyzer().analyze(frames: reading.frames).get()
        #expect(result.quality != .withheld && abs(result.heartRateBpm - truth) <= 5,
                "seed \(capture.seed): truth \(truth), \(result.heartRateBpm) bpm, \(result.quality)",
                sourceLocation: sourceLocation)
    }
}
