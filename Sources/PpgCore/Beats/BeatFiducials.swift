/// Fiducial points of one beat on a uniformly sampled blood-volume waveform, in fractional sample indices.
public struct BeatFiducials: Sendable, Equatable {
    /// Onset minimum index (integer sample of the foot).
    public var onset: Int
    /// 50 % upstroke crossing, fractional index.
    public var upstroke: Double
    /// Parabolic peak position, fractional index.
    public var peak: Double
    /// Peak value minus onset value.
    public var amplitude: Double
    /// Rise of the signal per sample across the 50 % crossing.
    public var upstrokeRise: Double
    /// Steepest point of the upstroke, fractional index (`steepestPoint`); the 50 % crossing when the upstroke is
    /// too short to have one.
    public var steepest: Double
    /// Second difference of the central-difference slope at the steepest sample (counts per sample³, negative at a
    /// maximum): how sharply the slope peaks, which sets the steepest point's sensitivity to noise. 0 when unknown.
    public var steepestCurvature: Double

    /// Creates fiducials.
    public init(onset: Int, upstroke: Double, peak: Double, amplitude: Double, upstrokeRise: Double = 0,
                steepest: Double? = nil, steepestCurvature: Double = 0) {
        self.onset = onset
        self.upstroke = upstroke
        self.peak = peak
        self.amplitude = amplitude
        self.upstrokeRise = upstrokeRise
        self.steepest = steepest ?? upstroke
        self.steepestCurvature = steepestCurvature
    }

    /// Locates the fiducials of the peak at `peakIndex` in `signal`. The onset is the minimum in
    /// `searchStart..<peakIndex` (the caller bounds it by the previous peak and a maximum rise time); the peak is the
    /// vertex of a least-squares parabola over `peakHalfWidth` samples either side (a broad, flat systolic top makes a
    /// three-point parabola follow the noise). Nil when the peak has no neighbours, the onset lies at the signal start
    /// (an incomplete beat) or the upstroke is flat.
    public static func locate(in signal: [Double], peakIndex: Int, searchStart: Int,
                              peakHalfWidth: Int = 1) -> BeatFiducials? {
        guard peakIndex >= 1, peakIndex + 1 < signal.count, searchStart < peakIndex else { return nil }
        var onset = searchStart
        for index in searchStart..<peakIndex where signal[index] < signal[onset] { onset = index }
        guard onset > 0 else { return nil }
        let halfWidth = max(1, min(peakHalfWidth, peakIndex, signal.count - 1 - peakIndex))
        let (peakOffset, fittedPeak) = leastSquaresVertex(signal, centre: peakIndex, halfWidth: halfWidth)
        let peakValue = max(fittedPeak, signal[peakIndex])
        let amplitude = peakValue - signal[onset]
        guard amplitude > 0 else { return nil }
        let level = signal[onset] + 0.5 * amplitude
        // The last crossing of the half level before the peak: walk down from the peak.
        var lower = peakIndex - 1
        while lower > onset && signal[lower] >= level { lower -= 1 }
        let rise = signal[lower + 1] - signal[lower]
        guard rise > 0 else { return nil }
        let upstroke = Double(lower) + min(max((level - signal[lower]) / rise, 0), 1)
        let steepest = steepestPoint(in: signal, crossing: lower, onset: onset, peak: peakIndex,
                                     footValue: signal[onset], amplitude: amplitude)
        return BeatFiducials(onset: onset, upstroke: upstroke, peak: Double(peakIndex) + peakOffset,
                             amplitude: amplitude, upstrokeRise: rise, steepest: steepest?.position,
                             steepestCurvature: steepest?.curvature ?? 0)
    }

    /// Share of the amplitude above the foot between which the steepest point is searched: the core of the
    /// upstroke, away from the foot (where the previous beat's tail and baseline wander bend the curve) and the
    /// rounded top.
    static let steepestSearchLevels = 0.2...0.9

    /// The steepest point of the upstroke whose 50 % crossing lies between samples `crossing` and `crossing + 1`:
    /// the largest central-difference slope among the contiguous samples around the crossing whose values lie
    /// within `steepestSearchLevels` of the amplitude, refined by a parabola through the slopes either side.
    /// Unlike the 50 % crossing, its position does not depend on the foot and peak values, which move with
    /// baseline wander, respiratory amplitude changes and the previous beat's tail. Nil when the slope has no
    /// interior maximum there (too few samples).
    static func steepestPoint(in signal: [Double], crossing: Int, onset: Int, peak: Int, footValue: Double,
                              amplitude: Double) -> (position: Double, curvature: Double)? {
        let low = footValue + steepestSearchLevels.lowerBound * amplitude
        let high = footValue + steepestSearchLevels.upperBound * amplitude
        var first = crossing, last = crossing + 1
        while first > max(onset, 2) && signal[first - 1] > low { first -= 1 }
        while last < min(peak, signal.count - 3) && signal[last + 1] < high { last += 1 }
        first = max(first, 2)
        last = min(last, signal.count - 3)
        guard first <= last else { return nil }
        let slope = { (index: Int) in 0.5 * (signal[index + 1] - signal[index - 1]) }
        var best = first
        for index in first...last where slope(index) > slope(best) { best = index }
        let (left, centre, right) = (slope(best - 1), slope(best), slope(best + 1))
        let curvature = left - 2 * centre + right
        guard curvature < 0, centre >= left, centre >= right else { return nil }
        let (offset, _) = parabolicVertex(left, centre, right)
        return (Double(best) + offset, curvature)
    }

    /// Vertex (offset from `centre` within ±`halfWidth`, value) of the least-squares parabola through
    /// `signal[centre − halfWidth … centre + halfWidth]`; with `halfWidth` 1 it is `parabolicVertex`.
    public static func leastSquaresVertex(_ signal: [Double], centre: Int, halfWidth: Int) -> (Double, Double) {
        if halfWidth == 1 { return parabolicVertex(signal[centre - 1], signal[centre], signal[centre + 1]) }
        var sumY = 0.0, sumKY = 0.0, sumK2Y = 0.0, sumK2 = 0.0, sumK4 = 0.0
        for k in -halfWidth...halfWidth {
            let x = Double(k), y = signal[centre + k]
            sumY += y
            sumKY += x * y
            sumK2Y += x * x * y
            sumK2 += x * x
            sumK4 += x * x * x * x
        }
        let count = Double(2 * halfWidth + 1)
        let curvature = (sumK2Y - sumK2 / count * sumY) / (sumK4 - sumK2 * sumK2 / count)
        guard curvature < 0 else { return (0, signal[centre]) }
        let slope = sumKY / sumK2
        let intercept = (sumY - curvature * sumK2) / count
        let offset = min(max(-slope / (2 * curvature), -Double(halfWidth)), Double(halfWidth))
        return (offset, intercept + slope * offset + curvature * offset * offset)
    }

    /// Vertex of the parabola through (−1, left), (0, centre), (1, right): offset `δ = ½(l − r)/(l − 2c + r)` (within
    /// ±0.5) and apex `c − ¼(l − r)δ`.
    public static func parabolicVertex(_ left: Double, _ centre: Double, _ right: Double) -> (Double, Double) {
        let curvature = left - 2 * centre + right
        guard curvature < 0 else { return (0, centre) }
        let offset = min(max(0.5 * (left - right) / curvature, -0.5), 0.5)
        return (offset, centre - 0.25 * (left - right) * offset)
    }
}
