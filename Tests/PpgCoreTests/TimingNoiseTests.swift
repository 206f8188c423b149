import Glibc
import Testing
@testable import PpgCore

/// The camera-noise share of beat-time variance and the RMSSD correction built on it.
struct TimingNoiseTests {
    private func whiteNoise(count: Int, sigma: Double, seed: UInt64) -> [Double] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { _ in random.gaussian(sd: sigma) }
    }

    @Test func fourthDifferencesRecoverTheWhiteNoiseUnderASlowPulse() throws {
        let noise = whiteNoise(count: 1800, sigma: 0.12, seed: 3)
        let raw = noise.indices.map { 200 + 1.5 * sin(2 * Double.pi * 1.2 * Double($0) / 30) + noise[$0] }
        let level = try #require(TimingNoise.whiteNoiseLevel(raw))
        #expect(abs(level - 0.12) < 0.012)
    }

    @Test func propagatedNoiseVarianceMatchesFilteredNoise() {
        let extractor = BeatExtractor()
        let timing = TimingNoise(filter: extractor.filter(sampleRate: 30), sampleRate: 30)
        let filtered = extractor.filter(sampleRate: 30).zeroPhase(whiteNoise(count: 30_000, sigma: 1, seed: 5))
        let inner = Array(filtered[500..<29_500])
        let variance = Statistics.variance(inner) ?? 0
        #expect(abs(timing.correlation(lagSeconds: 0) - variance) < 0.05 * variance)
        let lag = 3
        var covariance = 0.0
        for index in 0..<(inner.count - lag) { covariance += inner[index] * inner[index + lag] }
        covariance /= Double(inner.count - lag)
        #expect(abs(timing.correlation(lagSeconds: 0.1) - covariance) < 0.05 * variance)
    }

    @Test func beatTimeVarianceScalesWithNoiseOverSlope() throws {
        let timing = TimingNoise(filter: BeatExtractor().filter(sampleRate: 30), sampleRate: 30)
        let base = try #require(timing.beatTimeVariance(sigma: 0.1, crossing: 0.1, foot: 0, peak: 0.25, slope: 20))
        let doubled = try #require(timing.beatTimeVariance(sigma: 0.2, crossing: 0.1, foot: 0, peak: 0.25,
                                                           slope: 20))
        #expect(base > 0)
        #expect(abs(doubled - 4 * base) < 1e-12)
        #expect(timing.beatTimeVariance(sigma: 0.1, crossing: 0.1, foot: 0, peak: 0.25, slope: 0) == nil)
    }

    @Test func rmssdCorrectionRemovesSixTimesTheTimingVarianceUnlessNoiseDominates() throws {
        let analyzer = FinalAnalyzer()
        let metrics = HrvMetrics(intervalsMs: [800, 830, 790, 840, 805, 825, 795],
                                 endTimesS: [0.8, 1.63, 2.42, 3.26, 4.065, 4.89, 5.685])
        let rmssd = try #require(metrics.rmssd)
        let small = analyzer.debiasedRmssd(metrics: metrics, timingVariance: 0.1 * rmssd * rmssd / 6e6)
        #expect(small.applied)
        #expect(abs((small.value ?? 0) - rmssd * 0.9.squareRoot()) < 1e-9)
        let dominant = analyzer.debiasedRmssd(metrics: metrics, timingVariance: 0.6 * rmssd * rmssd / 6e6)
        #expect(!dominant.applied && dominant.value == rmssd)
        #expect(analyzer.debiasedRmssd(metrics: metrics, timingVariance: nil).applied == false)
    }
}
