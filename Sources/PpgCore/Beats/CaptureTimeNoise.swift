/// The error that the capture-time estimate leaves in beat times when frames are stamped on delivery.
///
/// `CaptureTimeEstimator` places frame `k` of a run at `k·T` plus the median of the stamp residuals `t_j − j·T` of
/// the `n = 2·halfWidth + 1` frames around it. When the delivery delays vary from frame to frame, that median
/// still misses the true capture offset by a random amount, and the resampled waveform around the frame is
/// shifted by it: every fiducial of a beat there moves by the same error (a common-mode error, which no mix of
/// fiducials removes and which the white-noise model of `TimingNoise` does not hold).
///
/// Its variance is that of the median of `n` delays. Taking the delays as independent draws from the run's own
/// delay distribution (`delays`, sorted `d₍₁₎ ≤ … ≤ d₍N₎`), the median of `n` draws is at most `d₍ⱼ₎` with
/// probability `Σ_{i ≥ (n+1)/2} C(n, i)·p^i·(1 − p)^(n−i)`, `p = j/N`: its variance follows from these
/// order-statistic probabilities with no assumption on the delays' distribution (for Gaussian delays it is
/// 0.21σ² at `n` = 7). Regular stamps give delays of zero and no error. Delays that alternate from frame to frame
/// (frames delivered in pairs) make the estimate alternate too, at a rate the band-pass filter removes: there the
/// model overstates the error.
///
/// Two frames' estimates share the delays of their overlapping windows: to first order the median is a mean of
/// `n` sign scores, so the errors at times `Δ` apart correlate by `max(0, 1 − |Δ|·rate/n)`.
public struct CaptureTimeNoise: Sendable, Equatable {
    /// Variance (s²) of the capture-time estimate's error at one frame.
    public let variance: Double
    /// Frames pooled per estimate (`2·CaptureTimeEstimator.halfWidth + 1`).
    public let window: Int
    /// Frame rate of the run, Hz.
    public let sampleRate: Double

    /// Creates the error model of one run directly.
    public init(variance: Double, window: Int, sampleRate: Double) {
        self.variance = max(variance, 0)
        self.window = max(window, 1)
        self.sampleRate = sampleRate
    }

    /// The error model of one gap-free run of frames with delivery `stamps` (s, strictly increasing) at
    /// `sampleRate`; nil when the run is shorter than one estimate's window.
    public init?(stamps: ArraySlice<Double>, sampleRate: Double) {
        guard stamps.count >= 2 * CaptureTimeEstimator.halfWidth + 1, sampleRate > 0 else { return nil }
        self.init(delays: CaptureTimeEstimator.captureTimesAndDelays(stamps).delays, sampleRate: sampleRate)
    }

    /// The error model of a run of at least one estimate's window of frames at `sampleRate` (> 0) from the frames'
    /// delivery `delays` (`CaptureTimeEstimator.captureTimesAndDelays`).
    init(delays: [Double], sampleRate: Double) {
        let window = 2 * CaptureTimeEstimator.halfWidth + 1
        self.init(variance: Self.medianVariance(sorted: OrderStatistics.sortedAscending(delays), draws: window),
                  window: window, sampleRate: sampleRate)
    }

    /// Variance of the median of `draws` (odd) independent draws from the values `sorted` (ascending), each value
    /// equally likely: from `P(median ≤ sorted[j]) = P(at least (draws + 1)/2 draws ≤ sorted[j])`.
    static func medianVariance(sorted values: [Double], draws: Int) -> Double {
        guard values.count > 1, draws >= 1 else { return 0 }
        let distribution = medianDistribution(count: values.count, draws: draws)
        var previous = 0.0, sum = 0.0, sumSquares = 0.0
        let centre = values[values.count / 2]
        for (value, cumulative) in zip(values, distribution) {
            let probability = cumulative - previous
            previous = cumulative
            sum += probability * (value - centre)
            sumSquares += probability * (value - centre) * (value - centre)
        }
        return max(sumSquares - sum * sum, 0)
    }

    /// `P(median of draws ≤ the value of rank j)` for each rank `j` of `count` equally likely values: with
    /// `p = (j + 1)/count`, `Σ_{i ≥ (draws+1)/2} C(draws, i)·p^i·(1 − p)^(draws−i)`, the powers by repeated
    /// multiplication. Four ranks at a time in SIMD lanes, each lane the operations of one rank.
    private static func medianDistribution(count: Int, draws: Int) -> [Double] {
        let needed = (draws + 1) / 2
        let coefficients = (0...draws).map { SIMD4<Double>(repeating: binomial(draws, $0)) }
        var distribution = [Double](repeating: 0, count: count)
        var below = [SIMD4<Double>](repeating: SIMD4(repeating: 1), count: draws + 1), above = below
        let total = SIMD4<Double>(repeating: Double(count)), ranks = SIMD4<Double>(1, 2, 3, 4)
        coefficients.withUnsafeBufferPointer { coefficient in
            below.withUnsafeMutableBufferPointer { below in
                above.withUnsafeMutableBufferPointer { above in
                    distribution.withUnsafeMutableBufferPointer { output in
                        for first in stride(from: 0, to: count, by: 4) {
                            let p = (SIMD4(repeating: Double(first)) + ranks) / total
                            for power in 1...draws { below[power] = below[power - 1] * p }
                            // The terms reach (1 − p) to the power draws − needed at most.
                            for power in stride(from: 1, through: draws - needed, by: 1) {
                                above[power] = above[power - 1] * (SIMD4(repeating: 1) - p)
                            }
                            var cumulative = SIMD4<Double>(repeating: 0)
                            for drawn in needed...draws {
                                cumulative += coefficient[drawn] * below[drawn] * above[draws - drawn]
                            }
                            for lane in 0..<min(4, count - first) { output[first + lane] = cumulative[lane] }
                        }
                    }
                }
            }
        }
        return distribution
    }

    /// `C(n, k)` as a double.
    private static func binomial(_ n: Int, _ k: Int) -> Double {
        guard k > 0 && k < n else { return 1 }
        return (1...k).reduce(1.0) { (product: Double, i: Int) -> Double in product * Double(n - k + i) / Double(i) }
    }

    /// Covariance (s²) of the errors of two beat times `lagSeconds` apart.
    public func covariance(lagSeconds: Double) -> Double {
        variance * max(0, 1 - abs(lagSeconds) * sampleRate / Double(window))
    }

    /// Variance (s²) of the successive difference `e₃ − 2e₂ + e₁` of the errors of three consecutive beats at
    /// `times` (s): `6·variance` for beats further apart than a window.
    public func differenceVariance(times: (Double, Double, Double)) -> Double {
        let points = [times.0, times.1, times.2]
        return TimingNoise.successiveDifferenceVariance { covariance(lagSeconds: points[$0] - points[$1]) }
    }
}
