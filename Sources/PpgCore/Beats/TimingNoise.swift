/// The variance that additive camera noise gives the 50 % upstroke beat times, propagated through
/// the engine's own linear chain: no tuned constant.
///
/// The white frame noise σ is measured from the raw segment's fourth differences (`Δ⁴x` has variance 70σ² for white
/// noise; the median absolute value ignores the pulse's sparse steep parts). The band-pass filter turns it into
/// coloured noise with autocovariance `σ²·R(lag)`, `R` the autocorrelation of the filter's impulse response. A beat
/// time is where the signal crosses the level halfway between the foot and the peak, so its error is
/// `(n_c − ½n_o − ½n_p) / slope` (noise at the crossing, foot and peak; slope of the upstroke at the crossing), of
/// variance `σ²·(1.5·R(0) − R(c−o) − R(c−p) + 0.5·R(p−o)) / slope²`.
///
/// RMSSD sees the noise through successive differences `e_{k+2} − 2e_{k+1} + e_k`. Their variance is `6σ_t²` only
/// when the beats' errors are independent; the filter correlates the noise over a few hundred milliseconds, so at
/// fast rates (a foot close to the previous peak) neighbouring beats can share part of it. `differenceVariance`
/// sums the full covariance of the three beats' errors, each pair of fiducials through `R`.
public struct TimingNoise: Sendable {
    /// The band-pass filter the beats were found after.
    public let filter: ZeroPhaseFilter
    /// Frame rate of the segments, Hz.
    public let sampleRate: Double
    /// Autocorrelation of the filter's impulse response at whole-frame lags 0…
    private let autocorrelation: [Double]

    /// Longest lag tabulated, seconds: the fiducials of three successive beats at 40 bpm lie within 3 s.
    static let maximumLagSeconds = 3.0
    /// Span beyond the longest lag over which the filter's impulse response is kept, seconds: the response of the
    /// 0.5 Hz band edge has decayed to ~1e-4 four seconds from the impulse.
    static let responseSeconds = 4.0

    /// Prepares the propagation for `filter` at `sampleRate`.
    public init(filter: ZeroPhaseFilter, sampleRate: Double) {
        self.filter = filter
        self.sampleRate = sampleRate
        let lags = Int((Self.maximumLagSeconds * sampleRate).rounded(.up)) + 1
        let half = lags + Int((Self.responseSeconds * sampleRate).rounded(.up))
        var impulse = [Double](repeating: 0, count: 2 * half + 1)
        impulse[half] = 1
        let response = filter.zeroPhase(impulse)
        autocorrelation = response.withUnsafeBufferPointer { values in
            (0...lags).map { lag in
                var sum = 0.0
                for index in 0..<(values.count - lag) { sum += values[index] * values[index + lag] }
                return sum
            }
        }
    }

    /// White-noise standard deviation of a raw segment (counts): `1.4826·median|Δ⁴x| / √70`; nil below 16 samples.
    public static func whiteNoiseLevel(_ raw: [Double]) -> Double? {
        guard raw.count >= 16 else { return nil }
        var magnitudes = [Double](repeating: 0, count: raw.count - 4)
        for index in magnitudes.indices {
            let outer: Double = raw[index + 4] + raw[index]
            let inner: Double = raw[index + 3] + raw[index + 1]
            magnitudes[index] = abs(outer - 4 * inner + 6 * raw[index + 2])
        }
        guard let median = Statistics.median(magnitudes) else { return nil }
        return 1.4826 * median / 70.0.squareRoot()
    }

    /// Variance (s²) of the beat time from noise `sigma` (counts) for a beat with crossing, foot and peak at
    /// `crossing`, `foot`, `peak` (s) and upstroke slope `slope` (counts/s); nil for a flat upstroke.
    public func beatTimeVariance(sigma: Double, crossing: Double, foot: Double, peak: Double,
                                 slope: Double) -> Double? {
        let points = BeatPoints(crossing: crossing, foot: foot, peak: peak, slope: slope)
        return covariance(sigma: sigma, points, points).map { max($0, 0) }
    }

    /// The fiducial times (s) and upstroke slope (counts/s) that a beat time's noise depends on.
    public struct BeatPoints: Sendable, Equatable {
        /// 50 % crossing, foot and peak times, s.
        public var crossing: Double, foot: Double, peak: Double
        /// Upstroke slope at the crossing, counts/s.
        public var slope: Double

        /// Creates the points of one beat.
        public init(crossing: Double, foot: Double, peak: Double, slope: Double) {
            self.crossing = crossing
            self.foot = foot
            self.peak = peak
            self.slope = slope
        }

        /// The points of a detected beat.
        public init(_ beat: DetectedBeat) {
            self.init(crossing: beat.time, foot: beat.onsetTime, peak: beat.peakTime, slope: beat.upstrokeSlope)
        }

        /// Fiducial times with the weight of the noise there in the beat time's error (times the slope).
        var weightedTimes: [(time: Double, weight: Double)] { [(crossing, 1), (foot, -0.5), (peak, -0.5)] }
    }

    /// Covariance (s²) of two beats' time errors from noise `sigma` (counts); nil for a flat upstroke.
    public func covariance(sigma: Double, _ first: BeatPoints, _ second: BeatPoints) -> Double? {
        guard first.slope > 0, second.slope > 0 else { return nil }
        var sum = 0.0
        for a in first.weightedTimes {
            for b in second.weightedTimes { sum += a.weight * b.weight * correlation(lagSeconds: a.time - b.time) }
        }
        return sum * sigma * sigma / (first.slope * second.slope)
    }

    /// Variance (s²) of the successive difference `e₃ − 2e₂ + e₁` of three consecutive beats' time errors from noise
    /// `sigma` (counts), with every covariance between them; nil when a slope is flat.
    public func differenceVariance(sigma: Double, _ beats: (BeatPoints, BeatPoints, BeatPoints)) -> Double? {
        let points = [beats.0, beats.1, beats.2], weights = [1.0, -2.0, 1.0]
        var sum = 0.0
        for i in 0..<3 {
            for j in 0..<3 {
                guard let value = covariance(sigma: sigma, points[i], points[j]) else { return nil }
                sum += weights[i] * weights[j] * value
            }
        }
        return max(sum, 0)
    }

    /// `R` at a lag in seconds, linearly interpolated between whole frames (0 beyond the table).
    func correlation(lagSeconds: Double) -> Double {
        let position = abs(lagSeconds) * sampleRate
        let lower = Int(position.rounded(.down))
        guard lower + 1 < autocorrelation.count else { return 0 }
        let fraction = position - Double(lower)
        return autocorrelation[lower] + (autocorrelation[lower + 1] - autocorrelation[lower]) * fraction
    }
}
