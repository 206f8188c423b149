/// A pre/post comparison of two readings, metric by metric (`ResultMetric.all`, in its order). A metric's change
/// is nil when either reading lacks it.
public struct ChangeAssessment: Sendable, Equatable {
    /// Each compared metric with its change.
    public let changes: [(metric: ResultMetric, change: MetricChange?)]

    /// Creates an assessment from one change (or nil) per metric.
    public init(changes: [(metric: ResultMetric, change: MetricChange?)]) {
        self.changes = changes
    }

    /// The change of the metric whose result key is `key`; nil when either reading lacks it or no metric has it.
    public subscript(key: String) -> MetricChange? {
        changes.first { $0.metric.key == key }?.change
    }

    /// Equal when the same metrics changed alike.
    public static func == (lhs: ChangeAssessment, rhs: ChangeAssessment) -> Bool {
        lhs.changes.map(\.metric.key) == rhs.changes.map(\.metric.key)
            && lhs.changes.map(\.change) == rhs.changes.map(\.change)
    }
}
