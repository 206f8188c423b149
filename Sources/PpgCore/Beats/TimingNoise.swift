/// The variance that additive camera noise gives the beat times, propagated through the engine's own
/// linear chain: no tuned constant.
///
/// The white frame noise σ is measured from the raw segment's fourth differences (`Δ⁴x` has variance 70σ² for white
/// noise; the median absolute value ignores the pulse's sparse steep parts). The band-pass filter and the cubic
/// upsampling turn it into coloured noise on the fine grid with autocovariance `σ²·R(lag)`, `R` the fine-grid
/// autocorrelation of the filter's impulse response after upsampling (averaged over where a fine sample falls
/// between frames). To first order every beat-time fiducial's error is a weighted sum of the noise at a few
/// instants (`BeatError`): the 50 % crossing `(n_c − ½n_o − ½n_p) / slope` (crossing, foot, peak); the steepest
/// point, the vertex of a parabola through the central-difference slopes `g` of the fine samples, moves by
/// `−(n(m+2h) − 2n(m) + n(m−2h)) / (4·c)` samples (`h` the fine step, `c = g(k+1) − 2g(k) + g(k−1)`); a mix of the two
/// by the mix of their sums.
///
/// RMSSD sees the noise through successive differences `e_{k+2} − 2e_{k+1} + e_k`. Their variance is `6σ_t²` only
/// when the beats' errors are independent; the filter correlates the noise over a few hundred milliseconds, so at
/// fast rates (a foot close to the previous peak) neighbouring beats can share part of it. `differenceVariance`
/// sums the full covariance of the three beats' errors, each pair of noise samples through `R`.
public struct TimingNoise: Sendable {
    /// The band-pass filter the beats were found after.
    public let filter: ZeroPhaseFilter
    /// Frame rate of the segments, Hz.
    public let sampleRate: Double
    /// Upsampling factor from the frame grid to the fine grid the beats were timed on.
    public let upsamplingFactor: Int
    /// Autocorrelation of the upsampled impulse response at whole fine-sample lags 0…
    let autocorrelation: [Double]

    /// Longest lag tabulated, seconds: three successive beats at 40 bpm lie within 3 s.
    static let maximumLagSeconds = 3.0
    /// Span beyond the longest lag over which the filter's impulse response is kept, seconds: the response of the
    /// 0.5 Hz band edge has decayed to ~1e-4 four seconds from the impulse.
    static let responseSeconds = 4.0

    /// Prepares the propagation for `filter` at `sampleRate`, beats timed after upsampling by `upsamplingFactor`.
    public init(filter: ZeroPhaseFilter, sampleRate: Double, upsamplingFactor: Int) {
        self.filter = filter
        self.sampleRate = sampleRate
        self.upsamplingFactor = max(1, upsamplingFactor)
        let factor = self.upsamplingFactor
        autocorrelation = Self.autocorrelations.value(for: ModelKey(filter: filter, sampleRate: sampleRate,
                                                                    upsamplingFactor: factor)) {
            Self.autocorrelation(filter: filter, sampleRate: sampleRate, upsamplingFactor: factor)
        }
    }

    /// What the autocorrelation depends on: the filter's coefficients, the frame rate and the upsampling factor
    /// (compared bit for bit).
    private struct ModelKey: Hashable, Sendable {
        var bits: [UInt64]

        init(filter: ZeroPhaseFilter, sampleRate: Double, upsamplingFactor: Int) {
            bits = [sampleRate.bitPattern, UInt64(bitPattern: Int64(upsamplingFactor))]
                + filter.sections.flatMap { [$0.b0, $0.b1, $0.b2, $0.a1, $0.a2].map(\.bitPattern) }
        }
    }

    /// Autocorrelations computed so far in this process (the frame rates of a few cameras).
    private static let autocorrelations = SharedTable<ModelKey, [Double]>(capacity: 32)

    /// Autocorrelation of `filter`'s impulse response at `sampleRate`, upsampled by `upsamplingFactor` (at least
    /// 1), at whole fine-sample lags 0…`maximumLagSeconds`.
    static func autocorrelation(filter: ZeroPhaseFilter, sampleRate: Double,
                                        upsamplingFactor: Int) -> [Double] {
        let frameLags = Int((maximumLagSeconds * sampleRate).rounded(.up)) + 1
        let half = frameLags + Int((responseSeconds * sampleRate).rounded(.up))
        var impulse = [Double](repeating: 0, count: 2 * half + 1)
        impulse[half] = 1
        let response = CubicSpline.upsample(filter.zeroPhase(impulse), factor: upsamplingFactor)
        // Averaged over where the fine sample falls between frames: the fine-lag autocorrelation over `factor`.
        let scale = 1 / Double(upsamplingFactor)
        return lagProducts(response, maximumLag: frameLags * upsamplingFactor).map { $0 * scale }
    }

    /// `Σᵢ x[i]·x[i + lag]` for every lag 0…`maximumLag` (at most `x.count − 1`), through the power spectrum: the
    /// transform of `x` zero-padded to at least `x.count + maximumLag` points (so no product wraps around),
    /// squared in magnitude and transformed again — the spectrum is real and even, so its forward transform is its
    /// inverse times the length. `O(n·log n)` where the direct sums cost `n·maximumLag` (about 1 ms at 60 fps).
    static func lagProducts(_ x: [Double], maximumLag: Int) -> [Double] {
        let lags = min(maximumLag, x.count - 1)
        guard lags >= 0 else { return [] }
        let plan = FastFourierTransform.shared(length: x.count + lags + 1)
        var real = x + [Double](repeating: 0, count: plan.length - x.count)
        var imaginary = [Double](repeating: 0, count: plan.length)
        plan.transform(real: &real, imaginary: &imaginary)
        for index in real.indices {
            real[index] = real[index] * real[index] + imaginary[index] * imaginary[index]
            imaginary[index] = 0
        }
        plan.transform(real: &real, imaginary: &imaginary)
        let scale = 1 / Double(plan.length)
        return (0...lags).map { real[$0] * scale }
    }

    /// Sample rate of the fine grid, Hz.
    public var fineRate: Double { sampleRate * Double(upsamplingFactor) }

    /// White-noise standard deviation of a raw segment (counts): `1.4826·median|Δ⁴x| / √70`; nil below 16 samples.
    public static func whiteNoiseLevel(_ raw: [Double]) -> Double? {
        guard raw.count >= 16 else { return nil }
        let magnitudes = [Double](unsafeUninitializedCapacity: raw.count - 4) { magnitudes, initialized in
            for index in magnitudes.indices {
                let outer: Double = raw[index + 4] + raw[index]
                let inner: Double = raw[index + 3] + raw[index + 1]
                magnitudes[index] = abs(outer - 4 * inner + 6 * raw[index + 2])
            }
            initialized = raw.count - 4
        }
        guard let median = Statistics.median(magnitudes) else { return nil }
        return 1.4826 * median / 70.0.squareRoot()
    }

    /// A beat time's error as a linear combination of the noise at a few instants: `Σ weight·n(time)`, weights in
    /// seconds per count.
    public struct BeatError: Sendable, Equatable {
        /// Instants (s) and weights (s per count) of the noise samples the error sums.
        public var terms: [Term]

        /// One noise sample of the sum.
        public struct Term: Sendable, Equatable {
            /// Instant, s.
            public var time: Double
            /// Weight, s per count.
            public var weight: Double

            /// Creates a term.
            public init(time: Double, weight: Double) {
                self.time = time
                self.weight = weight
            }
        }

        /// Creates an error from its terms.
        public init(terms: [Term]) {
            self.terms = terms
        }

        /// The error of a 50 % crossing at `crossing` (s) between the foot and the peak (s), where the upstroke
        /// rises `slope` counts/s: `(n(crossing) − ½n(foot) − ½n(peak)) / slope`; nil for a flat upstroke.
        public static func halfCrossing(crossing: Double, foot: Double, peak: Double, slope: Double) -> BeatError? {
            guard slope > 0 else { return nil }
            return BeatError(terms: [Term(time: crossing, weight: 1 / slope), Term(time: foot, weight: -0.5 / slope),
                                     Term(time: peak, weight: -0.5 / slope)])
        }

        /// The error of a steepest point at `time` (s), the fine slope's curvature there `curvature` (counts, see
        /// `BeatFiducials.steepestCurvature`), on a fine grid of `fineRate` Hz:
        /// `−(n(t+2h) − 2n(t) + n(t−2h)) / (4·curvature·fineRate)`; nil without a sharp maximum.
        public static func steepest(time: Double, curvature: Double, fineRate: Double) -> BeatError? {
            guard curvature < 0, fineRate > 0 else { return nil }
            let step = 2 / fineRate, weight = -1 / (4 * curvature * fineRate)
            return BeatError(terms: [Term(time: time - step, weight: weight), Term(time: time, weight: -2 * weight),
                                     Term(time: time + step, weight: weight)])
        }

        /// `share·first + (1 − share)·second`: the error of the same mix of two beat times (`first`'s terms
        /// weighted by `share`, then `second`'s by `1 − share`, written into one array).
        public static func mix(_ first: BeatError, _ second: BeatError, share: Double) -> BeatError {
            let (head, tail) = (first.terms, second.terms)
            let otherShare = 1 - share
            return BeatError(terms: [Term](unsafeUninitializedCapacity: head.count + tail.count) { terms, count in
                for (index, term) in head.enumerated() {
                    (terms.baseAddress! + index).initialize(to: Term(time: term.time, weight: share * term.weight))
                }
                for (index, term) in tail.enumerated() {
                    (terms.baseAddress! + head.count + index)
                        .initialize(to: Term(time: term.time, weight: otherShare * term.weight))
                }
                count = head.count + tail.count
            })
        }
    }

    /// Variance (s²) of a beat time with error `beat` from noise `sigma` (counts).
    public func beatTimeVariance(sigma: Double, _ beat: BeatError) -> Double {
        max(covariance(sigma: sigma, beat, beat), 0)
    }

    /// Covariance (s²) of two beats' time errors from noise `sigma` (counts). Terms of zero weight (the other
    /// fiducial of a mix that takes one of them whole) are skipped: their products are zero, and adding a zero to
    /// the sum, which starts at +0, leaves it as it is, bit for bit.
    public func covariance(sigma: Double, _ first: BeatError, _ second: BeatError) -> Double {
        var sum = 0.0
        for a in first.terms where a.weight != 0 {
            for b in second.terms where b.weight != 0 {
                sum += a.weight * b.weight * correlation(lagSeconds: a.time - b.time)
            }
        }
        return sum * sigma * sigma
    }

    /// Variance (s²) of the successive difference `e₃ − 2e₂ + e₁` of three consecutive beats' time errors from noise
    /// `sigma` (counts), with every covariance between them.
    public func differenceVariance(sigma: Double, _ beats: (BeatError, BeatError, BeatError)) -> Double {
        let points = [beats.0, beats.1, beats.2]
        return Self.successiveDifferenceVariance { covariance(sigma: sigma, points[$0], points[$1]) }
    }

    /// Variance of `e₃ − 2e₂ + e₁` from the covariances `covariance(i, j)` of three consecutive beats' errors
    /// (indices 0…2), at least 0.
    static func successiveDifferenceVariance(_ covariance: (Int, Int) -> Double) -> Double {
        let weights = SIMD3<Double>(1, -2, 1)
        var sum = 0.0
        for i in 0..<3 {
            for j in 0..<3 { sum += weights[i] * weights[j] * covariance(i, j) }
        }
        return max(sum, 0)
    }

    /// `R` at a lag in seconds, linearly interpolated between fine samples (0 beyond the table, and for a lag that
    /// is not a number).
    func correlation(lagSeconds: Double) -> Double {
        let position = abs(lagSeconds) * fineRate
        guard position < Double(autocorrelation.count - 1) else { return 0 }
        let lower = Int(position)  // position ≥ 0: truncation is the floor, without a call into libm
        let fraction = position - Double(lower)
        return autocorrelation[lower] + (autocorrelation[lower + 1] - autocorrelation[lower]) * fraction
    }
}
