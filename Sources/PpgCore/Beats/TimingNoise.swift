/// The variance that additive camera noise gives the 50 % upstroke beat times, propagated through
/// the engine's own linear chain: no tuned constant.
///
/// The white frame noise σ is measured from the raw segment's fourth differences (`Δ⁴x` has variance 70σ² for white
/// noise; the median absolute value ignores the pulse's sparse steep parts). The band-pass filter turns it into
/// coloured noise with autocovariance `σ²·R(lag)`, `R` the autocorrelation of the filter's impulse response. A beat
/// time is where the signal crosses the level halfway between the foot and the peak, so its error is
/// `(n_c − ½n_o − ½n_p) / slope` (noise at the crossing, foot and peak; slope of the upstroke at the crossing), of
/// variance `σ²·(1.5·R(0) − R(c−o) − R(c−p) + 0.5·R(p−o)) / slope²`.
public struct TimingNoise: Sendable {
    /// The band-pass filter the beats were found after.
    public let filter: ZeroPhaseFilter
    /// Frame rate of the segments, Hz.
    public let sampleRate: Double
    /// Autocorrelation of the filter's impulse response at whole-frame lags 0…
    private let autocorrelation: [Double]

    /// Longest lag between fiducials of one beat, seconds (foot to peak is at most the rise search, 0.6 s).
    static let maximumLagSeconds = 1.0

    /// Prepares the propagation for `filter` at `sampleRate`.
    public init(filter: ZeroPhaseFilter, sampleRate: Double) {
        self.filter = filter
        self.sampleRate = sampleRate
        let lags = Int((Self.maximumLagSeconds * sampleRate).rounded(.up)) + 1
        // The response of the 0.5 Hz band edge has decayed to ~1e-4 four seconds from the impulse.
        let half = 4 * lags
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
        guard slope > 0 else { return nil }
        let value = 1.5 * correlation(lagSeconds: 0) - correlation(lagSeconds: crossing - foot)
            - correlation(lagSeconds: crossing - peak) + 0.5 * correlation(lagSeconds: peak - foot)
        return max(value, 0) * sigma * sigma / (slope * slope)
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
