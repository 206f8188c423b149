import Glibc
import Testing
@testable import PpgCore

/// The beat-time error that the capture-time estimate leaves when frames are stamped on delivery.
struct CaptureTimeNoiseTests {
    /// Delivery delays (s) of `count` frames at `rate`: most within a few milliseconds, one in four held back by
    /// 30–95 % of a frame (skewed, as phones deliver), or Gaussian with `gaussianSd` when given.
    private func delays(count: Int, rate: Double, seed: UInt64, gaussianSd: Double? = nil) -> [Double] {
        var random = SeededRandom(seed: seed, stream: 9)
        let period = 1 / rate
        return (0..<count).map { _ in
            if let gaussianSd { return min(max(random.gaussian(sd: gaussianSd), -0.45 * period), 0.45 * period) }
            let held = random.unit() < 0.25, fraction = random.unit()
            return held ? (0.3 + 0.65 * fraction) * period : min(abs(random.gaussian(sd: 0.003)), 0.3 * period)
        }
    }

    /// Variance (s²) of `CaptureTimeEstimator`'s error on frames captured on a steady grid and stamped late by
    /// `delays`, away from the run's edges.
    private func estimatorErrorVariance(delays: [Double], rate: Double) -> Double {
        let capture = delays.indices.map { Double($0) / rate }
        let stamps = zip(capture, delays).map { $0 + $1 }
        let estimated = CaptureTimeEstimator.captureTimes(stamps[...])
        let errors = Array(zip(estimated, capture).map { $0 - $1 }.dropFirst(10).dropLast(10))
        return Statistics.variance(errors) ?? 0
    }

    @Test func medianOfSevenGaussianDrawsHasTheOrderStatisticVariance() {
        var random = SeededRandom(seed: 4)
        let values = (0..<20_000).map { _ in random.gaussian() }.sorted()
        // Var(median of 7 standard normal draws) = 0.2104 (from the order-statistic density).
        #expect(abs(CaptureTimeNoise.medianVariance(sorted: values, draws: 7) - 0.2104) < 0.01)
        #expect(abs(CaptureTimeNoise.medianVariance(sorted: values, draws: 1) - 1) < 0.03)
        #expect(CaptureTimeNoise.medianVariance(sorted: [2.5], draws: 7) == 0)
    }

    @Test func regularStampsCarryNoCaptureError() throws {
        let stamps = (0..<600).map { 0.3 + Double($0) / 30 }
        let noise = try #require(CaptureTimeNoise(stamps: stamps[...], sampleRate: 30))
        #expect(noise.variance < 1e-14)
        #expect(CaptureTimeNoise(stamps: stamps[0..<6], sampleRate: 30) == nil)
    }

    /// Against the estimator's measured error over one minute of frames: within a third for skewed delays (the
    /// model holds them exactly, up to the neighbours' median it measures each delay from; the measured variance
    /// itself varies by some 10–15 % from draw to draw); for Gaussian delays that median's spread makes the model
    /// overstate the error a little, never understate it.
    @Test(arguments: [20.0, 30.0, 60.0])
    func modelledVarianceMatchesTheEstimatorsError(rate: Double) throws {
        for seed: UInt64 in 1...3 {
            let skewed = delays(count: Int(60 * rate), rate: rate, seed: seed)
            let measured = estimatorErrorVariance(delays: skewed, rate: rate)
            let stamps = skewed.indices.map { Double($0) / rate + skewed[$0] }
            let modelled = try #require(CaptureTimeNoise(stamps: stamps[...], sampleRate: rate)).variance
            #expect(abs(modelled - measured) < 0.35 * measured, "skewed \(rate) fps: \(modelled) vs \(measured)")

            let gaussian = delays(count: Int(60 * rate), rate: rate, seed: seed, gaussianSd: 0.004)
            let gaussianMeasured = estimatorErrorVariance(delays: gaussian, rate: rate)
            let gaussianStamps = gaussian.indices.map { Double($0) / rate + gaussian[$0] }
            let gaussianModelled = try #require(CaptureTimeNoise(stamps: gaussianStamps[...], sampleRate: rate))
                .variance
            #expect(gaussianModelled > 0.9 * gaussianMeasured && gaussianModelled < 1.6 * gaussianMeasured,
                    "gaussian \(rate) fps: \(gaussianModelled) vs \(gaussianMeasured)")
        }
    }

    @Test func overlappingWindowsCorrelateTheErrorsOfCloseBeats() {
        let noise = CaptureTimeNoise(variance: 4e-6, window: 7, sampleRate: 30)
        #expect(noise.covariance(lagSeconds: 0) == 4e-6)
        #expect(abs(noise.covariance(lagSeconds: 3.5 / 30) - 2e-6) < 1e-15)
        #expect(noise.covariance(lagSeconds: 0.5) == 0)
        // Beats further apart than a window: independent errors, 1 + 4 + 1 times the variance.
        #expect(abs(noise.differenceVariance(times: (0, 0.8, 1.6)) - 24e-6) < 1e-15)
        // Closer beats share delays: less than that.
        let fast = CaptureTimeNoise(variance: 4e-6, window: 7, sampleRate: 20)
        #expect(fast.differenceVariance(times: (0, 0.3, 0.6)) < 24e-6)
    }
}
