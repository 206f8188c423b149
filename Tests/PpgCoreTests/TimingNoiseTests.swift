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

    /// Three beats at 130 bpm on a 30 fps grid (one beat's peak close to the next beat's foot): the modelled
    /// variance of `e₃ − 2e₂ + e₁` matches the one measured over many noise draws.
    @Test func differenceVarianceMatchesFilteredNoiseAtFastRates() throws {
        let rate = 30.0, sigma = 0.1, slope = 15.0
        let extractor = BeatExtractor()
        let timing = TimingNoise(filter: extractor.filter(sampleRate: rate), sampleRate: rate)
        let filtered = extractor.filter(sampleRate: rate).zeroPhase(whiteNoise(count: 60_000, sigma: sigma, seed: 9))
        // Fiducials in frames after the first foot: foot, crossing, peak of each beat, 14 frames (0.47 s) apart.
        let beats = [0, 14, 28].map { (foot: $0, crossing: $0 + 3, peak: $0 + 8) }
        func error(_ beat: (foot: Int, crossing: Int, peak: Int), at start: Int) -> Double {
            (filtered[start + beat.crossing] - 0.5 * filtered[start + beat.foot] - 0.5 * filtered[start + beat.peak])
                / slope
        }
        let differences = stride(from: 500, to: 59_400, by: 40).map { start in
            error(beats[2], at: start) - 2 * error(beats[1], at: start) + error(beats[0], at: start)
        }
        let measured = differences.reduce(0) { $0 + $1 * $1 } / Double(differences.count)
        let points = beats.map {
            TimingNoise.BeatPoints(crossing: Double($0.crossing) / rate, foot: Double($0.foot) / rate,
                                   peak: Double($0.peak) / rate, slope: slope)
        }
        let modelled = try #require(timing.differenceVariance(sigma: sigma, (points[0], points[1], points[2])))
        #expect(abs(modelled - measured) < 0.1 * measured)
    }

    @Test func rmssdCorrectionRemovesTheDifferenceNoiseUpToHalfOfRmssdSquared() throws {
        let analyzer = FinalAnalyzer()
        let metrics = HrvMetrics(intervalsMs: [800, 830, 790, 840, 805, 825, 795],
                                 endTimesS: [0.8, 1.63, 2.42, 3.26, 4.065, 4.89, 5.685])
        let rmssd = try #require(metrics.rmssd)
        let small = analyzer.debiasedRmssd(metrics: metrics, differenceNoise: 0.1 * rmssd * rmssd / 1e6)
        #expect(small.applied)
        #expect(abs((small.value ?? 0) - rmssd * 0.9.squareRoot()) < 1e-9)
        let dominant = analyzer.debiasedRmssd(metrics: metrics, differenceNoise: 3 * rmssd * rmssd / 1e6)
        #expect(dominant.applied)
        #expect(abs((dominant.value ?? 0) - rmssd * 0.5.squareRoot()) < 1e-9)
        #expect(analyzer.debiasedRmssd(metrics: metrics, differenceNoise: nil).applied == false)
    }
}
