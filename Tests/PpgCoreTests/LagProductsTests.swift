import Testing
@testable import PpgCore

/// The autocorrelation sums behind `TimingNoise`, computed four lags per pass, are the sums of one loop per lag
/// to the last bit (the correction they feed must not change with how they are scheduled).
struct LagProductsTests {
    /// `Σᵢ x[i]·x[i + lag]` summed one lag at a time in ascending `i`.
    private func oneLagAtATime(_ x: [Double], lags: Int) -> [Double] {
        (0...lags).map { lag in
            var sum = 0.0
            for index in 0..<max(0, x.count - lag) { sum += x[index] * x[index + lag] }
            return sum
        }
    }

    @Test(arguments: [(1, 0), (2, 3), (5, 4), (7, 9), (200, 61), (843, 362), (1686, 363)])
    func fourLagsPerPassGiveTheSameBitsAsOneLoopPerLag(count: Int, lags: Int) {
        var random = SeededRandom(seed: UInt64(count * 1000 + lags))
        let x = (0..<count).map { _ in random.gaussian(sd: 1e-3) + (random.chance(0.1) ? 1e6 : 0) }
        let fast = TimingNoise.lagProducts(x, lags: lags)
        let slow = oneLagAtATime(x, lags: lags)
        #expect(fast.map(\.bitPattern) == slow.map(\.bitPattern))
    }
}
