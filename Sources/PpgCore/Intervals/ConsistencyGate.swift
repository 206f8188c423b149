/// Final veto on HRV when the NN series is implausible for sinus rhythm at our timing precision.
public struct ConsistencyGate: Sendable {
    /// Veto thresholds (defaults: the reference starting points).
    public struct Thresholds: Sendable, Equatable {
        /// Fewest successive NN pairs.
        public var minimumPairs: Int = 20
        /// Largest share of beats merged or inserted.
        public var maximumMergedFraction: Double = 0.10
        /// Largest share of raw intervals flagged before correction.
        public var maximumDiscardRaw: Double = 0.20
        /// Largest `max |ΔNN| / median NN` after correction.
        public var maximumJump: Double = 0.30
        /// Largest `SD1² / (SD1² + SD2²)`.
        public var maximumHfShare: Double = 0.50
        /// Smallest Pearson r between peak and upstroke IBIs.
        public var minimumRPs: Double = 0.70
        /// Accepted range of `RMSSD_corrected / RMSSD_raw`.
        public var compressRange: ClosedRange<Double> = 0.5...1.5

        /// The reference starting points.
        public init() {}
    }

    /// Thresholds in use.
    public let thresholds: Thresholds

    /// Creates a gate.
    public init(thresholds: Thresholds = Thresholds()) {
        self.thresholds = thresholds
    }

    /// Evaluates the gate.
    /// - Parameters:
    ///   - corrected: NN series after artifact correction (final window).
    ///   - raw: intervals before correction, for `gate_compress`. Pass them without the intervals next to flagged
    ///     beats (`ArtifactCorrection.rawIntervalsWithoutFlagged`): with them, one missed or ectopic beat alone
    ///     makes RMSSD_raw several times the true value and the ratio would veto every corrected artifact.
    ///   - mergedCount: intervals merged (extra) plus inserted (missed) by the correction.
    ///   - rawFlaggedFraction: share of raw intervals flagged before correction.
    ///   - peakIntervalsMs / upstrokeIntervalsMs: the same beats' IBIs from the systolic peak and from the 50 %
    ///     upstroke fiducial, equally long (for `gate_r_ps`); nil when unavailable.
    ///   - usablePairs: successive pairs RMSSD is measured on when that is fewer than `corrected`'s (pairs with a
    ///     beat of low confidence left out), for `gate_n_pairs`; nil to count `corrected`'s.
    public func evaluate(corrected: IntervalSeries, raw: IntervalSeries, mergedCount: Int,
                         rawFlaggedFraction: Double, peakIntervalsMs: [Double]? = nil,
                         upstrokeIntervalsMs: [Double]? = nil, usablePairs: Int? = nil) -> ConsistencyGateResult {
        let metrics = HrvMetrics(series: corrected)
        let rawRmssd = HrvMetrics(series: raw).rmssd
        let beatCount = corrected.count + 1
        let differences = corrected.successiveDifferencesMs
        var maxJump: Double?
        if let median = Statistics.median(corrected.intervalsMs), median > 0, !differences.isEmpty {
            maxJump = differences.map(abs).max()! / median
        }
        var hfShare: Double?
        if let sd1 = metrics.sd1, let sd2 = metrics.sd2, sd1 * sd1 + sd2 * sd2 > 0 {
            hfShare = sd1 * sd1 / (sd1 * sd1 + sd2 * sd2)
        }
        var rPs: Double?
        if let peakIntervalsMs, let upstrokeIntervalsMs {
            rPs = peakIntervalsMs.count >= 3 ? Statistics.pearson(peakIntervalsMs, upstrokeIntervalsMs) : nil
        }
        var compress: Double?
        if let corrected = metrics.rmssd, let rawRmssd, rawRmssd > 0 { compress = corrected / rawRmssd }

        let values = ConsistencyGateResult.Values(
            nPairs: usablePairs ?? metrics.nPairs, nMerged: mergedCount,
            mergedFraction: Double(mergedCount) / Double(beatCount),
            discardRaw: rawFlaggedFraction, maxJump: maxJump, hfShare: hfShare, rPs: rPs, compress: compress)
        return ConsistencyGateResult(values: values, vetoReasons: vetoReasons(for: values, hasRPs: rPs != nil))
    }

    /// Evaluates the gate on an `ArtifactCorrection`: its corrected series, its raw series without the flagged
    /// intervals (`gate_compress`), its merged count and first-pass flagged fraction.
    public func evaluate(_ correction: ArtifactCorrection, peakIntervalsMs: [Double]? = nil,
                         upstrokeIntervalsMs: [Double]? = nil) -> ConsistencyGateResult {
        evaluate(corrected: correction.correctedIntervals, raw: correction.rawIntervalsWithoutFlagged,
                 mergedCount: correction.nMerged, rawFlaggedFraction: correction.rawFlaggedFraction,
                 peakIntervalsMs: peakIntervalsMs, upstrokeIntervalsMs: upstrokeIntervalsMs)
    }

    private func vetoReasons(for values: ConsistencyGateResult.Values, hasRPs: Bool) -> [GateVetoReason] {
        var reasons: [GateVetoReason] = []
        if values.nPairs < thresholds.minimumPairs { reasons.append(.nPairs) }
        if values.mergedFraction > thresholds.maximumMergedFraction { reasons.append(.nMerged) }
        if values.discardRaw > thresholds.maximumDiscardRaw { reasons.append(.discardRaw) }
        if let jump = values.maxJump, jump > thresholds.maximumJump { reasons.append(.maxJump) }
        if let share = values.hfShare, share > thresholds.maximumHfShare { reasons.append(.hfShare) }
        if let r = values.rPs, r < thresholds.minimumRPs { reasons.append(.rPs) }
        if let ratio = values.compress, !thresholds.compressRange.contains(ratio) { reasons.append(.compress) }
        if values.maxJump == nil || values.hfShare == nil || values.compress == nil { reasons.append(.undefined) }
        return reasons
    }
}
