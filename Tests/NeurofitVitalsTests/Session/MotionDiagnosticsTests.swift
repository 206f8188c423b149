import NeurofitVitals
import PpgCore
import StrictJSON
import Testing

/// The result's `motion_*` keys: where the samples came from, how many, and their rate.
struct MotionDiagnosticsTests {
    private func samples(_ times: [Double]) -> [MotionSample] {
        times.map { MotionSample(timestamp: $0, x: 0, y: 0, z: 9.8) }
    }

    @Test func theRateIsTheSamplesOverTheSpanTheyCover() {
        let motion = MotionDiagnostics(samples: samples((0..<101).map { 10 + Double($0) * 0.02 }), source: "iio:a")
        #expect(motion.sampleCount == 101)
        #expect(abs(motion.rateHz! - 50) < 1e-9)
        #expect(motion.diagnostics["motion_source"] == .string("iio:a"))
        #expect(motion.diagnostics["motion_sample_count"] == .int(101))
    }

    @Test func fewerThanTwoSamplesHaveNoRate() {
        for times in [[], [3.0], [3.0, 3.0]] {
            let motion = MotionDiagnostics(samples: samples(times), source: "host")
            #expect(motion.rateHz == nil && motion.diagnostics["motion_rate_hz"] == nil)
            #expect(motion.sampleCount == times.count)
        }
    }

    @Test func theKeysJoinTheResultsDiagnostics() {
        let diagnostics = ReadingDiagnostics(motion: MotionDiagnostics(samples: [], source: "none"))
        let members = diagnostics.jsonValue.objectValue ?? [:]
        #expect(members["motion_source"] == .string("none") && members["motion_sample_count"] == .int(0))
        #expect(ReadingDiagnostics().jsonValue.objectValue?["motion_source"] == nil)
    }
}
