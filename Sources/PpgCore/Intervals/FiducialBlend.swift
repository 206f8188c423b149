/// The NN intervals RMSSD is measured on, timed at the least noisy mix of two fiducials of the same beats: the
/// 50 % upstroke crossing and the steepest point of the upstroke.
///
/// Both time the same heartbeats, so their intervals share the true variation and differ only in their errors.
/// The 50 % crossing is the steadier under white camera noise; the steepest point under what moves the foot and
/// the peak (baseline wander, respiratory changes of amplitude, the previous beat's tail). Which dominates
/// differs from reading to reading. For a mix `w·crossing + (1 − w)·steepest` the mean squared successive
/// difference is `w²A + (1 − w)²B + 2w(1 − w)C` (A, B the two fiducials' mean squared successive differences, C
/// their mean product); the true part is the same for every `w`, so the `w` that minimises it,
/// `(B − C) / (A + B − 2C)` clamped to 0…1, minimises the error variance: the minimum-variance combination of two
/// measurements of one quantity. Fitting one weight to some 60 successive differences lowers the result by about
/// one part in 60 of the error variance.
public struct FiducialBlend: Sendable, Equatable {
    /// Weight `w` of the 50 % crossing (the steepest point has `1 − w`).
    public let halfCrossingShare: Double
    /// The mixed intervals and end times.
    public let series: IntervalSeries

    /// Mixes `halfCrossing` and `steepest`, the same intervals (same count, in order) timed at each fiducial.
    public init(halfCrossing: IntervalSeries, steepest: IntervalSeries) {
        precondition(halfCrossing.count == steepest.count, "the same intervals at both fiducials")
        let pairs = halfCrossing.successivePairIndices.filter { steepest.isSuccessivePair(at: $0) }
        var a = 0.0, b = 0.0, c = 0.0
        for index in pairs {
            let crossing = halfCrossing.intervalsMs[index + 1] - halfCrossing.intervalsMs[index]
            let steep = steepest.intervalsMs[index + 1] - steepest.intervalsMs[index]
            a += crossing * crossing
            b += steep * steep
            c += crossing * steep
        }
        let spread = a + b - 2 * c
        let share = spread > 0 ? min(max((b - c) / spread, 0), 1) : 1
        halfCrossingShare = share
        let mix = { (x: Double, y: Double) in Self.mix(halfCrossing: x, steepest: y, share: share) }
        series = IntervalSeries(intervalsMs: zip(halfCrossing.intervalsMs, steepest.intervalsMs).map(mix),
                                endTimesS: zip(halfCrossing.endTimesS, steepest.endTimesS).map(mix))
    }

    /// The mix `share·halfCrossing + (1 − share)·steepest` of one quantity (a time, an interval) measured at both
    /// fiducials, `share` the weight of the 50 % crossing.
    public static func mix(halfCrossing: Double, steepest: Double, share: Double) -> Double {
        share * halfCrossing + (1 - share) * steepest
    }
}
