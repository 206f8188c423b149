import Testing
@testable import PpgCore

/// Kernels rewritten for speed give the bits of their straightforward form: the analysis they feed must not change
/// with how the work is scheduled.
struct ReorderedKernelTests {
    /// Gaussian values with rare large spikes, so that any change in the order of a sum shows in its last bits.
    private func spiky(count: Int, seed: UInt64) -> [Double] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { _ in random.gaussian(sd: 1e-3) + (random.chance(0.1) ? 1e6 : 0) }
    }

    @Test(arguments: [(2, 2), (3, 4), (50, 2), (1800, 4), (3600, 2)])
    func upsamplingOnUnitGapsGivesTheGeneralSplinesValues(count: Int, factor: Int) {
        let samples = spiky(count: count, seed: UInt64(count + factor))
        let spline = CubicSpline(knots: (0..<count).map(Double.init), values: samples)
        let general = (0..<((count - 1) * factor + 1)).map {
            spline.value(at: Double($0) / Double(factor), interval: min($0 / factor, count - 2))
        }
        #expect(CubicSpline.upsample(samples, factor: factor).map(\.bitPattern) == general.map(\.bitPattern))
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func captureTimesRunningMedianIsTheSortedWindowsMedian(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        var time = 0.0
        let stamps = (0..<600).map { _ in
            time += 1.0 / 30 + random.gaussian(sd: 0.004) + (random.chance(0.02) ? 1.0 / 30 : 0)
            return time
        }
        let (period, residuals) = try #require(CaptureTimeEstimator.stampResiduals(stamps))
        let half = CaptureTimeEstimator.halfWidth
        let sorted = stamps.indices.map { index in
            let window = residuals[max(0, index - half)..<min(stamps.count, index + half + 1)].sorted()
            return Double(index) * period + (Statistics.percentile(sorted: window, 50) ?? 0)
        }
        let estimate = CaptureTimeEstimator.captureTimes(stamps[...])
        #expect(estimate != stamps)
        #expect(estimate.map(\.bitPattern) == sorted.map(\.bitPattern))
    }
}
