/// How one metric moved between a baseline reading and a follow-up reading.
public struct MetricChange: Sendable, Equatable {
    /// The metric in the baseline reading.
    public let baseline: Double
    /// The metric in the follow-up reading.
    public let followUp: Double
    /// `followUp - baseline`.
    public let delta: Double
    /// Whether `|delta|` is larger than the metric's typical reading-to-reading variation; nil for a metric that
    /// has no such threshold.
    public let beyondTypicalVariation: Bool?

    /// The change from `baseline` to `followUp`, judged against `threshold` (nil: no judgement).
    public init(baseline: Double, followUp: Double, threshold: Double?) {
        self.baseline = baseline
        self.followUp = followUp
        delta = followUp - baseline
        beyondTypicalVariation = threshold.map { abs(followUp - baseline) > $0 }
    }
}
