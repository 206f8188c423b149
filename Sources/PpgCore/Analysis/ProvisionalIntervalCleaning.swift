/// Interval screening used until the Lipponen–Tarvainen correction and the consistency gate of `Intervals/` are
/// available: an interval is rejected when it differs from the median of its 11 neighbours by more than 20 %.
struct ProvisionalIntervalCleaning {
    /// Per-interval acceptance.
    var accepted: [Bool]
    /// Per-interval label ("normal" or "artifact").
    var labels: [String]

    init(intervalsMs: [Double]) {
        accepted = intervalsMs.indices.map { index in
            let window = Array(intervalsMs[max(0, index - 5)..<min(intervalsMs.count, index + 6)])
            let median = Statistics.median(window) ?? intervalsMs[index]
            return abs(intervalsMs[index] - median) <= 0.2 * median
        }
        labels = accepted.map { $0 ? "normal" : "artifact" }
    }
}
