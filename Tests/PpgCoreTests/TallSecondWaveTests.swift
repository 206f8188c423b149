import Testing
@testable import PpgCore

/// A pulse whose second (dicrotic or reflected) wave is about as tall as its systolic one and follows it by
/// 0.3–0.35 s: the detector's fixed 0.3 s spacing takes both waves for beats in many periods, the intervals alternate
/// short and long, and the reading used to be answered by its spectrum or its fold alone, without RMSSD. The beats
/// found again at that confirmed period (`FinalAnalyzer.refittedResult`) time the heart rate and RMSSD.
struct TallSecondWaveTests {
    /// A reading at `heartRateBpm` whose second wave, `ratio` times as tall as the systolic one, follows it by
    /// `delayS`.
    static func reading(seed: UInt64, heartRateBpm: Double, ratio: Double, delayS: Double) -> SyntheticReading {
        let shape = PulseShape(systolicAmplitude: 1, systolicCentreS: 0.13, systolicWidthS: 0.045,
                               diastolicAmplitude: ratio, diastolicCentreS: 0.13 + delayS, diastolicWidthS: 0.055)
        return SyntheticReading(configuration: SyntheticConfiguration(
            seed: seed, rhythm: RhythmParameters(heartRateBpm: heartRateBpm), camera: CameraParameters(pulseShape: shape)))
    }

    /// (seed, heart rate, second wave's ratio, delay): a second wave a little lower than the systolic one at
    /// 55 bpm, and one taller at 70 bpm.
    static let cases: [(UInt64, Double, Double, Double)] = [
        (1, 55, 0.9, 0.35), (2, 55, 0.9, 0.35), (3, 55, 0.9, 0.35), (1, 70, 1.1, 0.3), (2, 70, 1.1, 0.3),
    ]

    @Test(arguments: [UInt64(1), 2, 3])
    func theDetectorWithItsFixedSpacingCountsBothWaves(seed: UInt64) {
        let reading = Self.reading(seed: seed, heartRateBpm: 55, ratio: 0.9, delayS: 0.35)
        let raw = ReadingSignal(frames: reading.frames).rawSegments(of: .red)[0]
        let beats = FinalAnalyzer().extractor.extract(raw, segmentIndex: 0).beats
        #expect(Double(beats.count) > 1.5 * Double(reading.truth.beatOnsetsS.count))
        let fitted = FinalAnalyzer().extractor.fitted(toPeriodSeconds: 60 / 55).extract(raw, segmentIndex: 0).beats
        #expect(abs(fitted.count - reading.truth.beatOnsetsS.count) <= 2)
    }

    @Test(arguments: cases)
    func theBeatsFoundAtTheConfirmedPeriodTimeTheRateAndRmssd(_ example: (UInt64, Double, Double, Double)) throws {
        let reading = Self.reading(seed: example.0, heartRateBpm: example.1, ratio: example.2, delayS: example.3)
        let result = try FinalAnalyzer().analyze(frames: reading.frames).get()
        #expect(result.diagnostics.hrSource == FinalAnalyzer.beatsSource)
        #expect(abs(result.heartRateBpm - (try #require(reading.truth.metrics.heartRateBpm))) < 1)
        let rmssd = try #require(result.rmssdMs)
        #expect(abs(rmssd - (try #require(reading.truth.metrics.rmssd))) < 5)
    }
}
