/// Consistency-gate figures (ALGORITHMS §2.9) computed here until the gate of `Intervals/` is available.
struct ProvisionalGate {
    var enabled: Bool
    var nPairs: Int
    var discardRaw: Double
    var maxJump: Double?
    var hfShare: Double?
    var rPs: Double?
    var vetoReasons: [String]

    init(metrics: HrvMetrics, intervals: BeatIntervals, accepted: [Bool], enabled: Bool) {
        self.enabled = enabled
        nPairs = metrics.nPairs
        discardRaw = intervals.count > 0 ? Double(accepted.filter { !$0 }.count) / Double(intervals.count) : 1
        let nn = NormalIntervals(intervals: intervals, accepted: accepted).series
        let median = Statistics.median(nn.intervalsMs) ?? 0
        maxJump = median > 0 ? nn.successiveDifferencesMs.map { abs($0) }.max().map { $0 / median } : nil
        if let sd1 = metrics.sd1, let sd2 = metrics.sd2, sd1 * sd1 + sd2 * sd2 > 0 {
            hfShare = sd1 * sd1 / (sd1 * sd1 + sd2 * sd2)
        }
        let kept = intervals.upstrokeMs.indices.filter { accepted[$0] }
        rPs = Statistics.pearson(kept.map { intervals.peakMs[$0] }, kept.map { intervals.upstrokeMs[$0] })
        var reasons: [String] = []
        if nPairs < 20 { reasons.append("n_pairs") }
        if discardRaw > 0.2 { reasons.append("discard_raw") }
        if let maxJump, maxJump > 0.3 { reasons.append("max_jump") }
        if let hfShare, hfShare > 0.5 { reasons.append("hf_share") }
        if let rPs, rPs < 0.7 { reasons.append("r_ps") }
        vetoReasons = enabled ? reasons : []
    }

    var vetoed: Bool { !vetoReasons.isEmpty }

    func record(into diagnostics: inout AnalysisDiagnostics) {
        guard enabled else { return }
        diagnostics.gateRejected = vetoed
        diagnostics.gateVeto = vetoed
        diagnostics.gateNPairs = nPairs
        diagnostics.gateNMerged = 0
        diagnostics.gateDiscardRaw = discardRaw
        diagnostics.gateMaxJump = maxJump
        diagnostics.gateHfShare = hfShare
        diagnostics.gateRPs = rPs
        diagnostics.gateCompress = 1
    }
}
