/// The interval step of the final analysis: Lipponen–Tarvainen correction of the beat times of
/// every gap-free segment, a residual screen that keeps intervals the correction could not repair out of the NN series
/// ("never let it into RMSSD"), the intervals of beats the correction left alone (both ends normal) on the three
/// fiducials, and the consistency gate.
public struct IntervalAnalysis: Sendable {
    /// The correction of the upstroke beat times.
    public var correction: ArtifactCorrection
    /// Raw intervals (all three fiducials), consecutive beats of one segment.
    public var raw: BeatIntervals
    /// For each raw interval, whether both of its beats were left in place (label `normal`).
    public var untouched: [Bool]
    /// The NN series: corrected intervals that pass the residual screen.
    public var normalIntervals: IntervalSeries
    /// Share of raw intervals off their local median by more than the screen's tolerance (beat-series irregularity,
    /// independent of the correction's adaptive thresholds).
    public var irregularFraction: Double
    /// The gate's verdict; nil when the gate is switched off.
    public var gate: ConsistencyGateResult?

    /// Residual screen: an interval further than this fraction from the median of its 11 neighbours is removed.
    public static let residualTolerance = 0.2

    /// Corrects `beats` (time order, segment-labelled) and evaluates the gate when `gateEnabled`.
    public init(beats: [DetectedBeat], mergedIntervalFix: Bool, gateEnabled: Bool) {
        var parameters = ArtifactCorrector.Parameters()
        parameters.missedBeatHandling = mergedIntervalFix ? .insertBeat : .dropInterval
        var segments: [[Double]] = []
        for (index, beat) in beats.enumerated() {
            if index == 0 || beat.segment != beats[index - 1].segment { segments.append([]) }
            segments[segments.count - 1].append(beat.time)
        }
        correction = ArtifactCorrector(parameters: parameters).correct(beatTimeSegments: segments)
        raw = BeatIntervals(beats: beats)
        let labels = correction.labels
        untouched = raw.endBeatIndices.map { labels[$0] == .normal && labels[$0 - 1] == .normal }
        normalIntervals = Self.screened(correction.correctedIntervals)
        irregularFraction = raw.count > 0
            ? Double(Self.withinLocalMedian(raw.upstrokeMs).filter { !$0 }.count) / Double(raw.count) : 1
        let kept = untouched.indices.filter { untouched[$0] }
        gate = gateEnabled ? ConsistencyGate().evaluate(
            corrected: normalIntervals, raw: Self.screened(correction.rawIntervalsWithoutFlagged),
            mergedCount: correction.nMerged, rawFlaggedFraction: correction.rawFlaggedFraction,
            peakIntervalsMs: kept.map { raw.peakMs[$0] }, upstrokeIntervalsMs: kept.map { raw.upstrokeMs[$0] }) : nil
    }

    /// The intervals of `series` that pass the residual screen. The gate compares RMSSD after correction with
    /// RMSSD before it (`gate_compress`): both sides must leave out what the screen removes, or intervals that each
    /// hide a missed beat — two in a row in a short run, where the correction's thresholds miss them — would make
    /// the uncorrected RMSSD several times the true one and veto a series whose NN intervals are consistent.
    static func screened(_ series: IntervalSeries) -> IntervalSeries {
        let passing = withinLocalMedian(series.intervalsMs)
        return series.subset(series.intervalsMs.indices.filter { passing[$0] })
    }

    /// Whether each interval lies within `residualTolerance` of the median of its 11-interval neighbourhood.
    static func withinLocalMedian(_ intervalsMs: [Double]) -> [Bool] {
        intervalsMs.indices.map { index in
            let window = Array(intervalsMs[max(0, index - 5)..<min(intervalsMs.count, index + 6)])
            let median = Statistics.median(window) ?? intervalsMs[index]
            return abs(intervalsMs[index] - median) <= residualTolerance * median
        }
    }

    /// `discard_ratio`: share of raw intervals flagged before correction.
    public var discardRatio: Double { correction.rawFlaggedFraction }

    /// Whether the gate vetoes HRV (false when it did not run).
    public var vetoed: Bool { !(gate?.passed ?? true) }

    /// The untouched intervals (both beats left in place by the correction) that pass the residual screen, timed
    /// at the least noisy mix of the 50 % crossing and the steepest upstroke point (`FiducialBlend`): the series
    /// RMSSD is measured on. A corrected beat's made-up time never enters a successive difference.
    public var rmssdBlend: FiducialBlend {
        let kept = untouchedIndices
        let passing = Self.withinLocalMedian(kept.map { raw.upstrokeMs[$0] })
        let screened = kept.indices.filter { passing[$0] }.map { kept[$0] }
        return FiducialBlend(
            halfCrossing: IntervalSeries(intervalsMs: screened.map { raw.upstrokeMs[$0] },
                                         endTimesS: screened.map { raw.endTimes[$0] }),
            steepest: IntervalSeries(intervalsMs: screened.map { raw.steepestMs[$0] },
                                     endTimesS: screened.map { raw.steepestEndTimes[$0] }))
    }

    /// Indices (into `raw`) of the untouched intervals.
    var untouchedIndices: [Int] { untouched.indices.filter { untouched[$0] } }

    /// RMSSD (ms) of the untouched intervals timed at the integer-frame peak (`est_rmssd_fixed`).
    public var frameQuantizedRmssd: Double? {
        let kept = untouchedIndices
        let series = IntervalSeries(intervalsMs: kept.map { raw.framePeakMs[$0] },
                                    endTimesS: kept.map { raw.framePeakEndTimes[$0] })
        return HrvMetrics(series: series).rmssd
    }

    /// Label (artifact class) of beat `index` of the input.
    public func label(ofBeat index: Int) -> BeatLabel { correction.labels[index] }
}
