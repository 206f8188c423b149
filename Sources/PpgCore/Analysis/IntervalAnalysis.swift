/// The interval step of the final analysis: Lipponen–Tarvainen correction of the beat times of
/// every gap-free segment, a residual screen that keeps intervals the correction could not repair out of the NN series
/// ("never let it into RMSSD"), the intervals of beats the correction left alone (both ends normal) on the three
/// fiducials, the per-beat confidence from the pulse (`DisplacedPeak`, `WeakPulse`) that keeps deformed and weak
/// pulses out of RMSSD, and the consistency gate.
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
    /// For each beat, whether its pulse keeps the reading's shape (`DisplacedPeak.keepsShape`).
    public var keepsShape: [Bool]
    /// For each beat, whether its pulse is not much weaker than its neighbours' (`WeakPulse.isStrongEnough`).
    public var isStrongEnough: [Bool]
    /// The NN series RMSSD is measured on at the 50 % crossing: `normalIntervals` without the intervals that
    /// begin or end at a beat of low confidence (`confidentBeats`), so that RMSSD uses only the successive
    /// differences whose three beats are all trusted.
    public var confidentIntervals: IntervalSeries
    /// For each beat, whether it is trusted for successive differences: its pulse keeps the reading's shape and
    /// is not much weaker than its neighbours'.
    public var confidentBeats: [Bool]
    /// Indices (into `raw`) of the untouched intervals whose two beats are confident: the intervals the fiducials'
    /// agreement (`gate_r_ps`) and the RMSSD blend (`rmssdBlend`) are measured on.
    var confidentUntouchedIndices: [Int]
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
        keepsShape = DisplacedPeak.keepsShape(beats)
        isStrongEnough = WeakPulse.isStrongEnough(beats)
        confidentBeats = zip(keepsShape, isStrongEnough).map { $0 && $1 }
        confidentIntervals = Self.intervals(normalIntervals, of: correction, keeping: confidentBeats)
        // The peak fiducial of a deformed pulse has jumped to another wave: that says nothing about the timing
        // noise the fiducials' agreement (r_ps) measures, so only the confident beats' intervals enter it.
        confidentUntouchedIndices = Self.keptIndices(untouched: untouched, raw: raw, confident: confidentBeats)
        let kept = confidentUntouchedIndices
        gate = gateEnabled ? ConsistencyGate().evaluate(
            corrected: normalIntervals, raw: Self.screened(correction.rawIntervalsWithoutFlagged),
            mergedCount: correction.nMerged, rawFlaggedFraction: correction.rawFlaggedFraction,
            peakIntervalsMs: kept.map { raw.peakMs[$0] }, upstrokeIntervalsMs: kept.map { raw.upstrokeMs[$0] },
            usablePairs: confidentIntervals.successivePairIndices.count) : nil
    }

    /// The intervals of `series` (intervals between corrected beats of `correction`) whose two beats come from
    /// `confident` input beats, or were inserted by the correction.
    static func intervals(_ series: IntervalSeries, of correction: ArtifactCorrection,
                          keeping confidentBeats: [Bool]) -> IntervalSeries {
        var correctedIndex: [Double: Int] = [:]
        for (index, time) in correction.correctedBeatTimesS.enumerated() { correctedIndex[time] = index }
        let confident = { (index: Int) in correction.sourceIndices[index].map { confidentBeats[$0] } ?? true }
        return series.subset(series.endTimesS.indices.filter { position in
            guard let end = correctedIndex[series.endTimesS[position]], end > 0 else { return false }
            return confident(end) && confident(end - 1)
        })
    }

    /// Indices (into `raw`) of the untouched intervals whose two beats are `confident`.
    static func keptIndices(untouched: [Bool], raw: BeatIntervals, confident: [Bool]) -> [Int] {
        untouched.indices.filter {
            untouched[$0] && confident[raw.endBeatIndices[$0]] && confident[raw.endBeatIndices[$0] - 1]
        }
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
            let median = Statistics.windowMedian(intervalsMs[max(0, index - 5)..<min(intervalsMs.count, index + 6)])
                ?? intervalsMs[index]
            return abs(intervalsMs[index] - median) <= residualTolerance * median
        }
    }

    /// `discard_ratio`: share of raw intervals flagged before correction.
    public var discardRatio: Double { correction.rawFlaggedFraction }

    /// Whether the gate vetoes HRV (false when it did not run).
    public var vetoed: Bool { !(gate?.passed ?? true) }

    /// The untouched intervals (both beats left in place by the correction) whose beats are confident
    /// (`confidentBeats`) and that pass the residual screen, timed at the least noisy mix of the 50 % crossing and
    /// the steepest upstroke point (`FiducialBlend`): the series RMSSD is measured on. A corrected beat's made-up
    /// time and a deformed or weak pulse's displaced one never enter a successive difference.
    public var rmssdBlend: FiducialBlend {
        let kept = confidentUntouchedIndices
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

    /// Whether beat `index` may enter RMSSD's successive differences: left in place by the correction (label
    /// `normal`) and confident (`confidentBeats`).
    public func entersRmssd(beat index: Int) -> Bool { label(ofBeat: index) == .normal && confidentBeats[index] }

    /// Label (artifact class) of beat `index` of the input.
    public func label(ofBeat index: Int) -> BeatLabel { correction.labels[index] }
}
