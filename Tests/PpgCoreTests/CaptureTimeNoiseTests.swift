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

    /// `medianVariance` one rank at a time, as written in its formula: the probabilities it computes four ranks at
    /// a time must be these, bit for bit.
    private func scalarMedianVariance(sorted values: [Double], draws: Int) -> Double {
        let needed = (draws + 1) / 2
        let coefficients = (0...draws).map { k -> Double in
            k > 0 && k < draws ? (1...k).reduce(1.0) { $0 * Double(draws - k + $1) / Double($1) } : 1
        }
        var previous = 0.0, sum = 0.0, sumSquares = 0.0
        let centre = values[values.count / 2]
        for (index, value) in values.enumerated() {
            let p = Double(index + 1) / Double(values.count)
            var below = [Double](repeating: 1, count: draws + 1), above = below
            for power in 1...draws { below[power] = below[power - 1] * p }
            for power in stride(from: 1, through: draws - needed, by: 1) { above[power] = above[power - 1] * (1 - p) }
            var cumulative = 0.0
            for count in needed...draws { cumulative += coefficients[count] * below[count] * above[draws - count] }
            let probability = cumulative - previous
            previous = cumulative
            sum += probability * (value - centre)
            sumSquares += probability * (value - centre) * (value - centre)
        }
        return max(sumSquares - sum * sum, 0)
    }

    @Test(arguments: [2, 3, 5, 8, 13, 600, 1803])
    func medianVarianceGivesTheRankByRankSumBitForBit(count: Int) {
        var random = SeededRandom(seed: UInt64(count))
        let values = (0..<count).map { _ in random.gaussian(sd: 0.004) }.sorted()
        for draws in [1, 3, 7, 9] {
            #expect(CaptureTimeNoise.medianVariance(sorted: values, draws: draws).bitPattern
                    == scalarMedianVariance(sorted: values, draws: draws).bitPattern, "\(count) values, \(draws) draws")
        }
    }

    /// The delays found in the capture-time estimator's slide are each frame's residual less the median of its
    /// neighbours' residuals within the half-width (the frame left out), and the times are `captureTimes`'.
    @Test func delaysAreResidualsLessTheNeighboursMedian() throws {
        let rate = 30.0
        var skewed = delays(count: 400, rate: rate, seed: 7)
        for index in stride(from: 0, to: skewed.count, by: 9) { skewed[index] = skewed[max(index - 2, 0)] }  // ties
        let stamps = skewed.indices.map { Double($0) / rate + skewed[$0] }
        let (times, delays) = CaptureTimeEstimator.captureTimesAndDelays(stamps[...])
        let (period, residuals) = try #require(CaptureTimeEstimator.stampResiduals(stamps))
        #expect(times == CaptureTimeEstimator.captureTimes(stamps[...]))
        #expect(times != stamps)
        let halfWidth = CaptureTimeEstimator.halfWidth
        for index in residuals.indices {
            let window = max(0, index - halfWidth)..<min(residuals.count, index + halfWidth + 1)
            let neighbours = window.filter { $0 != index }.map { residuals[$0] }.sorted()
            let middle = neighbours.count / 2
            let median = neighbours.count % 2 == 1 ? neighbours[middle]
                : 0.5 * (neighbours[middle - 1] + neighbours[middle])
            #expect(delays[index] == residuals[index] - median)
            let sorted = window.map { residuals[$0] }.sorted()
            #expect(times[index] == Double(index) * period + Statistics.percentile(sorted: sorted, 50)!)
        }
        #expect(CaptureTimeEstimator.captureTimesAndDelays(stamps[0..<6]) == (Array(stamps[0..<6]), []))
    }
}
