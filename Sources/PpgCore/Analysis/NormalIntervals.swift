/// The accepted (NN) intervals of a reading as an `IntervalSeries` (removed intervals break successive pairs).
public struct NormalIntervals: Sendable {
    /// The NN series.
    public var series: IntervalSeries

    /// Accepted intervals of `intervals` on the 50 % upstroke fiducial.
    public init(intervals: BeatIntervals, accepted: [Bool]) {
        let kept = intervals.upstrokeMs.indices.filter { accepted[$0] }
        series = IntervalSeries(intervalsMs: kept.map { intervals.upstrokeMs[$0] },
                                endTimesS: kept.map { intervals.endTimes[$0] })
    }

    /// Accepted intervals of `intervals` on the integer-frame peak (`est_rmssd_fixed`).
    public init(framePeaksOf intervals: BeatIntervals, accepted: [Bool]) {
        let kept = intervals.framePeakMs.indices.filter { accepted[$0] }
        series = IntervalSeries(intervalsMs: kept.map { intervals.framePeakMs[$0] },
                                endTimesS: kept.map { intervals.framePeakEndTimes[$0] })
    }

    /// Number of NN intervals.
    public var count: Int { series.count }

    /// HRV metrics of the series.
    public var metrics: HrvMetrics { HrvMetrics(series: series) }
}
