import Glibc
import Testing
@testable import PpgCore

/// The minimum-variance mix of two beat-time fiducials for RMSSD.
struct FiducialBlendTests {
    /// Beat times of a sinus rhythm (70 bpm, RSA) and the same beats seen by two fiducials with white errors of
    /// standard deviation `firstError` and `secondError` (s).
    private func series(firstError: Double, secondError: Double, seed: UInt64)
        -> (truth: IntervalSeries, first: IntervalSeries, second: IntervalSeries) {
        var random = SeededRandom(seed: seed)
        var times = [0.0]
        while times.count < 80 {
            let t = times[times.count - 1]
            times.append(t + 0.857 + 0.025 * sin(2 * Double.pi * 0.25 * t))
        }
        let first = times.map { $0 + random.gaussian(sd: firstError) }
        let second = times.map { $0 + 0.04 + random.gaussian(sd: secondError) }
        return (IntervalSeries(beatTimesS: times), IntervalSeries(beatTimesS: first),
                IntervalSeries(beatTimesS: second))
    }

    @Test func weightsTheLessNoisyFiducialAndLowersTheTimingError() throws {
        for seed: UInt64 in 1...3 {
            let (truth, noisy, steady) = series(firstError: 0.012, secondError: 0.003, seed: seed)
            let blend = FiducialBlend(halfCrossing: noisy, steepest: steady)
            #expect(blend.halfCrossingShare < 0.25)
            let rmssd = try #require(HrvMetrics(series: blend.series).rmssd)
            let trueRmssd = try #require(HrvMetrics(series: truth).rmssd)
            let noisyRmssd = try #require(HrvMetrics(series: noisy).rmssd)
            #expect(abs(rmssd - trueRmssd) < abs(noisyRmssd - trueRmssd))
            let swapped = FiducialBlend(halfCrossing: steady, steepest: noisy)
            #expect(swapped.halfCrossingShare > 0.75)
        }
    }

    @Test func equalFiducialsKeepTheHalfCrossing() {
        let (_, first, _) = series(firstError: 0.005, secondError: 0.005, seed: 4)
        let blend = FiducialBlend(halfCrossing: first, steepest: first)
        #expect(blend.halfCrossingShare == 1)
        #expect(blend.series == first)
    }
}
