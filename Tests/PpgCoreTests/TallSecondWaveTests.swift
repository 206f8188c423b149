import Foundation
import Testing
@testable import PpgCore

/// A pulse whose second (dicrotic or reflected) wave is about as tall as its systolic one and follows it by
/// 0.3–0.35 s: the detector's fixed 0.3 s spacing takes both waves for beats in many periods, the intervals alternate
/// short and long, and the reading used to be answered by its spectrum or its fold alone, without RMSSD. The beats
/// found again at that confirmed period (`FinalAnalyzer.refittedResult`) time the heart rate and RMSSD. Where the
/// second wave sits about half a period on, the beats and the spectrum agree on twice the rate, and the half-rate
/// check (`FinalAnalyzer.halfRateCheck`, `BeatAlternation`) answers half of it.
struct TallSecondWaveTests {
    /// A reading at `heartRateBpm` whose second wave, `ratio` times as tall as the systolic one, follows it by
    /// `delayS`.
    static func reading(seed: UInt64, heartRateBpm: Double, ratio: Double, delayS: Double) -> SyntheticReading {
        let shape = TallSecondWave(seed: seed, heartRateBpm: heartRateBpm, ratio: ratio, delayS: delayS).pulseShape
        return SyntheticReading(configuration: SyntheticConfiguration(
            seed: seed, rhythm: RhythmParameters(heartRateBpm: heartRateBpm),
            camera: CameraParameters(pulseShape: shape)))
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
        #expect(result.diagnostics.hrSource == .beats)
        #expect(abs(result.heartRateBpm - (try #require(reading.truth.metrics.heartRateBpm))) < 1)
        let rmssd = try #require(result.rmssdMs)
        #expect(abs(rmssd - (try #require(reading.truth.metrics.rmssd))) < 5)
    }

    /// Readings of `nfv-bench tall-waves` whose second wave sits almost half a period on: the beats and the
    /// spectrum agreed on twice the heart's rate, and the analysis answered 148, 141, 160, 164 and 136 bpm at
    /// quality `usable` or `clean`. The beats found at that rate alternate between the two waves
    /// (`BeatAlternation`), so half of it is answered, timed by the beats found at its period.
    @Test(arguments: [UInt64(37), 107, 160, 221, 297])
    func aTrainOfBothWavesIsAnsweredAtHalfItsRate(seed: UInt64) throws {
        let reading = SyntheticReading(configuration: TallSecondWave(seed: seed).configuration)
        let truth = try #require(reading.truth.metrics.heartRateBpm)
        let result = try FinalAnalyzer().analyze(frames: reading.frames).get()
        #expect(result.quality != .withheld)
        #expect(abs(result.heartRateBpm - truth) < 2)
    }

    /// The beats found at twice the heart's rate of such a reading show two kinds of beat; those found at its rate
    /// do not.
    @Test(arguments: [UInt64(37), 221])
    func theBeatsOfBothWavesShowTwoKinds(seed: UInt64) throws {
        let reading = SyntheticReading(configuration: TallSecondWave(seed: seed).configuration)
        let truth = try #require(reading.truth.metrics.heartRateBpm)
        #expect(try #require(Self.alternation(reading, rateBpm: 2 * truth)).showsTwoKinds)
        #expect(!(try #require(Self.alternation(reading, rateBpm: truth)).showsTwoKinds))
    }

    /// A fast heart with a small second wave is still answered at its rate, from its beats.
    @Test(arguments: [(UInt64(1), 120.0), (2, 130), (3, 140)])
    func aFastHeartWithASmallSecondWaveIsStillAnswered(_ example: (UInt64, Double)) throws {
        let wave = TallSecondWave(seed: example.0, heartRateBpm: example.1, ratio: 0.4, delayS: 0.25)
        let reading = SyntheticReading(configuration: wave.configuration)
        let truth = try #require(reading.truth.metrics.heartRateBpm)
        let result = try FinalAnalyzer().analyze(frames: reading.frames).get()
        #expect(result.quality != .withheld)
        #expect(result.diagnostics.hrSource == .beats)
        #expect(abs(result.heartRateBpm - truth) < 2)
        #expect(!(try #require(Self.alternation(reading, rateBpm: truth)).showsTwoKinds))
    }

    /// A pulse without any variability (a synthetic input: each beat the same, no noise) whose period holds a whole
    /// number of frames and a half: every other beat falls on the same phase of the frame grid, so the beats
    /// alternate between two sampling errors. That is the grid's alternation, not two kinds of beat: the rate is
    /// answered as it is (80 bpm at 30 fps was answered at 40, quality clean, before the grid lock was checked).
    @Test(arguments: [(80.0, 30.0), (80.0, 60.0)])
    func aPulseLockedToTheFrameGridIsNotHalved(_ example: (rateBpm: Double, fps: Double)) throws {
        let period = 60 / example.rateBpm
        let frames = (0..<Int(75 * example.fps)).map { index -> FrameSample in
            let time = 1 + Double(index) / example.fps
            let phase = time.truncatingRemainder(dividingBy: period) / period
            let shape = phase < 0.2 ? sin(Double.pi * phase / 0.2)
                : exp(-(phase - 0.2) * 4) * cos((phase - 0.2) * Double.pi / 1.6)
            return FrameSample(timestamp: time, red: 170 + 3 * shape, green: 5, blue: 20)
        }
        let result = try FinalAnalyzer().analyze(frames: frames).get()
        #expect(abs(result.heartRateBpm - example.rateBpm) < 1, "\(result.heartRateBpm) bpm, \(result.quality)")
    }

    /// Readings of `nfv-bench tall-waves` at 115 and 118 bpm whose second wave, 0.9 as tall as the systolic one,
    /// follows it by half a period: the fundamental all but cancels, and a side peak of it a breathing rate lower
    /// (100.5 and 103.9 bpm) was answered at quality `usable`, confirmed by a beat train that runs at the heart's
    /// rate, within 20 % of that period. Those intervals do not centre on the side peak's period
    /// (`FinalAnalyzer.offCentreRival`): the reading is withheld, the train's rate among the candidates.
    @Test(arguments: [UInt64(713), 905])
    func aSidePeakOfACancelledFundamentalIsNoAnswer(seed: UInt64) throws {
        let reading = SyntheticReading(configuration: TallSecondWave(seed: seed).configuration)
        let truth = try #require(reading.truth.metrics.heartRateBpm)
        let result = try FinalAnalyzer().analyze(frames: reading.frames).get()
        #expect(result.quality == .withheld || abs(result.heartRateBpm - truth) <= 5,
                "\(result.heartRateBpm) bpm, \(result.quality), truth \(truth)")
        if result.quality == .withheld {
            #expect(result.diagnostics.candidateRatesBpm.contains { abs($0 - truth) <= 5 })
        }
    }

    /// The beat train of such a reading centres its intervals on the heart's own period, not on the side peak's.
    @Test func theTrainCentresOnTheHeartsRateNotOnTheSidePeak() throws {
        let reading = SyntheticReading(configuration: TallSecondWave(seed: 713).configuration)
        let truth = try #require(reading.truth.metrics.heartRateBpm)
        let analyzer = FinalAnalyzer()
        let pulses = ReadingSignal(frames: reading.frames).rawSegments(of: .red).map(analyzer.extractor.pulseWaveform)
        let train = { (bpm: Double) in
            BeatTrainAgreement(extractor: analyzer.extractor).train(pulses: pulses, periodSeconds: 60 / bpm)
        }
        #expect(analyzer.offCentreRival(of: train(truth)) == nil)
        let rival = try #require(analyzer.offCentreRival(of: train(truth - 15)))
        #expect(abs(rival - truth) <= 3)
    }

    /// The alternation of the beats found in the red channel of `reading` with the detector fitted to `rateBpm`.
    static func alternation(_ reading: SyntheticReading, rateBpm: Double) -> BeatAlternation? {
        let extractor = BeatExtractor()
        let raw = ReadingSignal(frames: reading.frames).rawSegments(of: .red)
        let fitted = extractor.fitted(toPeriodSeconds: 60 / rateBpm)
        let beats = raw.indices.flatMap { fitted.extract(raw[$0], segmentIndex: $0).beats }
        return BeatAlternation(beats: beats, pulses: raw.map(extractor.pulseWaveform), periodSeconds: 60 / rateBpm)
    }
}
