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

    @Test func propagatedNoiseCorrelationMatchesFilteredUpsampledNoise() {
        let extractor = BeatExtractor()
        let timing = TimingNoise(filter: extractor.filter(sampleRate: 30), sampleRate: 30, upsamplingFactor: 4)
        let filtered = extractor.filter(sampleRate: 30).zeroPhase(whiteNoise(count: 30_000, sigma: 1, seed: 5))
        let fine = CubicSpline.upsample(Array(filtered[500..<29_500]), factor: 4)
        let variance = Statistics.variance(fine) ?? 0
        #expect(abs(timing.correlation(lagSeconds: 0) - variance) < 0.05 * variance)
        for lag in [1, 3, 12] {
            var covariance = 0.0
            for index in 0..<(fine.count - lag) { covariance += fine[index] * fine[index + lag] }
            covariance /= Double(fine.count - lag)
            #expect(abs(timing.correlation(lagSeconds: Double(lag) / 120) - covariance) < 0.05 * variance)
        }
    }

    @Test func beatTimeVarianceScalesWithNoiseOverSlopeAndCurvature() throws {
        let timing = TimingNoise(filter: BeatExtractor().filter(sampleRate: 30), sampleRate: 30, upsamplingFactor: 4)
        let crossing = try #require(TimingNoise.BeatError.halfCrossing(crossing: 0.1, foot: 0, peak: 0.25, slope: 20))
        let base = timing.beatTimeVariance(sigma: 0.1, crossing)
        #expect(base > 0)
        #expect(abs(timing.beatTimeVariance(sigma: 0.2, crossing) - 4 * base) < 1e-15)
        #expect(TimingNoise.BeatError.halfCrossing(crossing: 0.1, foot: 0, peak: 0.25, slope: 0) == nil)
        let steepest = try #require(TimingNoise.BeatError.steepest(time: 0.1, curvature: -0.002, fineRate: 120))
        let sharper = try #require(TimingNoise.BeatError.steepest(time: 0.1, curvature: -0.004, fineRate: 120))
        #expect(abs(timing.beatTimeVariance(sigma: 0.1, sharper) - timing.beatTimeVariance(sigma: 0.1, steepest) / 4)
                < 1e-15)
        #expect(TimingNoise.BeatError.steepest(time: 0.1, curvature: 0, fineRate: 120) == nil)
        // A mix of two errors: the variance of `w·a + (1 − w)·b`.
        let mixed = timing.beatTimeVariance(sigma: 0.1, .mix(crossing, steepest, share: 0.3))
        let expected = 0.09 * base + 0.49 * timing.beatTimeVariance(sigma: 0.1, steepest)
            + 2 * 0.21 * timing.covariance(sigma: 0.1, crossing, steepest)
        #expect(abs(mixed - expected) < 1e-12 * max(expected, 1e-12) + 1e-18)
    }

    /// A mix's terms are the first error's weighted by the share, then the second's by one less the share, bit for
    /// bit the products of each weight (written into one array instead of concatenated).
    @Test func mixWeightsEachTermBitForBit() throws {
        let crossing = try #require(TimingNoise.BeatError.halfCrossing(crossing: 0.1, foot: 0, peak: 0.25, slope: 17))
        let steepest = try #require(TimingNoise.BeatError.steepest(time: 0.12, curvature: -0.003, fineRate: 240))
        let share = 0.37
        let mixed = TimingNoise.BeatError.mix(crossing, steepest, share: share)
        let expected = crossing.terms.map { ($0.time, share * $0.weight) }
            + steepest.terms.map { ($0.time, (1 - share) * $0.weight) }
        #expect(mixed.terms.map(\.time.bitPattern) == expected.map(\.0.bitPattern))
        #expect(mixed.terms.map(\.weight.bitPattern) == expected.map(\.1.bitPattern))
    }

    /// Beats at `rate` bpm on a `fps` grid, found by the extractor under many draws of white frame noise: the
    /// modelled variance of `e₃ − 2e₂ + e₁` of three beats in the middle matches the measured one (at 130 bpm one
    /// beat's peak lies close to the next one's foot, so neighbouring beats share filtered noise).
    @Test(arguments: [(30.0, 130.0), (20.0, 100.0), (60.0, 70.0)])
    func differenceVarianceMatchesExtractedBeats(fps: Double, rate: Double) throws {
        let sigma = 0.08, period = 60 / rate, extractor = BeatExtractor()
        let onsets = Array(stride(from: -1.5, through: 9.5, by: period))
        let clean = (0..<Int(8 * fps)).map { 200 - 2 * TestPulseSignal.volume(at: Double($0) / fps, onsets: onsets) }
        let segment = { (samples: [Double]) in UniformSegment(startTime: 0, sampleRate: fps, samples: samples) }
        let reference = extractor.extract(segment(clean), segmentIndex: 0).beats
        let middle = try #require(reference.firstIndex { $0.steepestTime > 3.5 })
        let truth = reference[(middle - 1)...(middle + 1)].map(\.steepestTime)
        var random = SeededRandom(seed: 21)
        var differences: [Double] = []
        for _ in 0..<600 {
            let noisy = clean.map { $0 + random.gaussian(sd: sigma) }
            let beats = extractor.extract(segment(noisy), segmentIndex: 0).beats
            let errors = truth.compactMap { time in
                beats.min { abs($0.steepestTime - time) < abs($1.steepestTime - time) }.map { $0.steepestTime - time }
            }
            guard errors.count == 3, errors.allSatisfy({ abs($0) < 0.05 }) else { continue }
            differences.append(errors[2] - 2 * errors[1] + errors[0])
        }
        #expect(differences.count > 550)
        let measured = differences.reduce(0) { $0 + $1 * $1 } / Double(differences.count)
        let timing = TimingNoise(filter: extractor.filter(sampleRate: fps), sampleRate: fps,
                                 upsamplingFactor: extractor.upsamplingFactor(sampleRate: fps))
        let errors = try reference[(middle - 1)...(middle + 1)].map {
            try #require(TimingNoise.BeatError.steepest(time: $0.steepestTime, curvature: $0.steepestCurvature,
                                                        fineRate: timing.fineRate))
        }
        let modelled = timing.differenceVariance(sigma: sigma, (errors[0], errors[1], errors[2]))
        #expect(abs(modelled - measured) < 0.2 * measured, "modelled \(modelled) measured \(measured)")
    }

    /// The lag products through the power spectrum equal the direct sums, with no product wrapped around.
    @Test func lagProductsThroughTheSpectrumEqualTheDirectSums() {
        var random = SeededRandom(seed: 5)
        let values = (0..<301).map { _ in random.gaussian() }
        let products = TimingNoise.lagProducts(values, maximumLag: 120)
        #expect(products.count == 121)
        for lag in [0, 1, 7, 60, 119, 120] {
            let direct = (0..<(values.count - lag)).reduce(0.0) { (sum: Double, i: Int) -> Double in
                sum + values[i] * values[i + lag]
            }
            #expect(abs(products[lag] - direct) < 1e-9 * products[0], "lag \(lag): \(products[lag]) vs \(direct)")
        }
        // Lags beyond the signal are not listed.
        let short = TimingNoise.lagProducts([2, 3], maximumLag: 5)
        #expect(short.count == 2 && abs(short[0] - 13) < 1e-12 && abs(short[1] - 6) < 1e-12)
    }

    @Test func rmssdCorrectionRemovesTheDifferenceNoiseUpToItsShare() throws {
        let analyzer = FinalAnalyzer()
        let intervals = (0..<61).map { 800 + 30 * sin(Double($0)) }
        var end = 0.0
        let metrics = HrvMetrics(intervalsMs: intervals, endTimesS: intervals.map { end += $0 / 1000; return end })
        let rmssd = try #require(metrics.rmssd)
        #expect(metrics.nPairs == 60)
        let share = FinalAnalyzer.maximumNoiseShare(pairs: 60)
        #expect(abs(share - (1 - (35.0 / 540 + 0.04).squareRoot())) < 1e-12)
        let small = analyzer.debiasedRmssd(metrics: metrics, differenceNoise: 0.1 * rmssd * rmssd / 1e6)
        #expect(small.applied)
        #expect(abs((small.value ?? 0) - rmssd * 0.9.squareRoot()) < 1e-9)
        let dominant = analyzer.debiasedRmssd(metrics: metrics, differenceNoise: 3 * rmssd * rmssd / 1e6)
        #expect(dominant.applied)
        #expect(abs((dominant.value ?? 0) - rmssd * (1 - share).squareRoot()) < 1e-9)
        #expect(analyzer.debiasedRmssd(metrics: metrics, differenceNoise: nil).applied == false)
    }

    /// The share grows with the number of pairs (a longer series measures its mean square more precisely) and is
    /// never negative.
    @Test func noiseShareGrowsWithThePairs() {
        #expect(FinalAnalyzer.maximumNoiseShare(pairs: 0) == 0)
        #expect(FinalAnalyzer.maximumNoiseShare(pairs: 3) == 0)
        let shares = [20, 40, 60, 120].map { FinalAnalyzer.maximumNoiseShare(pairs: $0) }
        #expect(zip(shares, shares.dropFirst()).allSatisfy { $0 < $1 })
        #expect(shares[2] > 0.6 && shares[2] < 0.75)
    }

    /// The standard error the share leaves: over many series of independent Gaussian beat-time errors, the mean
    /// square of `pairs` successive differences scatters by `√(35/(9·pairs))` of its mean (not `√(2/pairs)`, as
    /// for independent differences: neighbouring differences share beats).
    @Test func meanSquareOfWhiteErrorDifferencesScattersByTheModelledStandardError() {
        var random = SeededRandom(seed: 11)
        let pairs = 60
        let meanSquares = (0..<4000).map { _ -> Double in
            let errors = (0..<(pairs + 2)).map { _ in random.gaussian() }
            let squares = (0..<pairs).map { index -> Double in
                let difference = errors[index + 2] - 2 * errors[index + 1] + errors[index]
                return difference * difference
            }
            return squares.reduce(0, +) / Double(pairs)
        }
        let mean = TestStatistics.mean(meanSquares)
        let relative = (Statistics.standardDeviation(meanSquares, ddof: 1) ?? 0) / mean
        #expect(abs(mean - 6) < 0.1)
        #expect(abs(relative - FinalAnalyzer.noiseMeanSquareError(pairs: pairs)) < 0.015,
                "relative standard error \(relative)")
    }
}
