import Testing
@testable import PpgCore

/// Captures from phones whose torch saturates red (frame means 245–254, clipped at 255) with a pulse of 0.5–2
/// counts and a dead green channel (`CameraParameters.saturatedDeadGreen`), at heart rates up to 175 bpm.
struct SaturatedCaptureTests {
    struct Case: CustomStringConvertible {
        var redDc: Double, pulseCounts: Double, heartRate: Double, seed: UInt64
        var description: String { "red \(redDc), pulse \(pulseCounts), \(heartRate) bpm, seed \(seed)" }
    }

    /// Every red level × pulse size × heart rate once, each with its own seed.
    static let cases: [Case] = {
        var cases: [Case] = []
        for redDc in [245.0, 248, 251, 254] {
            for pulseCounts in [0.5, 1, 2] {
                for heartRate in [58.0, 85, 125, 165] {
                    cases.append(Case(redDc: redDc, pulseCounts: pulseCounts, heartRate: heartRate,
                                      seed: UInt64(cases.count + 1)))
                }
            }
        }
        return cases
    }()

    static func analyze(_ testCase: Case) -> (truth: Double, result: AnalysisResult?) {
        let configuration = SyntheticConfiguration(
            seed: testCase.seed, rhythm: RhythmParameters(heartRateBpm: testCase.heartRate),
            camera: .saturatedDeadGreen(redDc: testCase.redDc, pulseCounts: testCase.pulseCounts))
        let reading = SyntheticReading(configuration: configuration)
        let result = try? FinalAnalyzer().analyze(frames: reading.frames, motion: reading.motion).get()
        return (reading.truth.metrics.heartRateBpm ?? testCase.heartRate, result)
    }

    /// Share of the cases that must be answered within ±5 bpm: a floor against regressions. The aim is 90 %; at
    /// 125–165 bpm with a pulse of 0.5–1 count the analysis still stays silent (see the printed misses).
    static let coverageFloor = 0.55

    @Test func heartRateIsNeverFarOffWhenReturnedAndCoverageHoldsItsFloor() {
        var within = 0
        var far: [String] = []
        var misses: [String] = []
        for testCase in Self.cases {
            let (truth, result) = Self.analyze(testCase)
            let returned = result.flatMap { $0.quality == .withheld ? nil : $0 }
            let error = returned.map { abs($0.heartRateBpm - truth) }
            if let error, error <= 5 { within += 1 } else { misses.append("\(testCase)") }
            if let error, error > 10 { far.append("\(testCase): \(error)") }
        }
        print("saturated captures: \(within) of \(Self.cases.count) within ±5 bpm; misses: \(misses)")
        #expect(Double(within) >= Self.coverageFloor * Double(Self.cases.count), "\(misses)")
        #expect(far.isEmpty, "\(far)")
    }

    @Test func aSaturatedCaptureWithoutAPulseHasNoHeartRate() {
        for (index, redDc) in [245.0, 251, 254].enumerated() {
            var camera = CameraParameters.saturatedDeadGreen(redDc: redDc, pulseCounts: 0)
            camera.acFraction = ChannelTriple(all: 0)
            let configuration = SyntheticConfiguration(seed: UInt64(100 + index), camera: camera)
            let reading = SyntheticReading(configuration: configuration)
            let result = FinalAnalyzer().analyze(frames: reading.frames, motion: reading.motion)
            if case .success(let answer) = result {
                Issue.record("red \(redDc): \(answer.heartRateBpm) bpm, quality \(answer.quality)")
            }
        }
    }
}
