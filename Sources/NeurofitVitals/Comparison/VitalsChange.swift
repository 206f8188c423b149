import StrictJSON

/// Pre/post comparison of two readings (before and after an intervention, say): which metrics moved by more than
/// two readings of a resting person typically differ: each metric of `ResultMetric.all` against its
/// `comparisonThreshold` (a metric without one is compared without a judgement).
public enum VitalsChange {
    /// Compares two readings given by their metric values (result keys; a missing key means the reading lacks
    /// the metric).
    public static func compare(baseline: [String: Double], followUp: [String: Double]) -> ChangeAssessment {
        ChangeAssessment(changes: ResultMetric.all.map { metric in
            guard let before = baseline[metric.key], let after = followUp[metric.key] else { return (metric, nil) }
            return (metric, MetricChange(baseline: before, followUp: after, threshold: metric.comparisonThreshold))
        })
    }

    /// Compares two result JSON texts (as a session or `nfv_analyze` gives them; other keys are ignored).
    /// - Throws: `invalidArgument` naming the argument (`baselineName`/`followUpName`) when a text is not a JSON
    ///   object or a compared metric is neither a number nor null.
    public static func compare(baselineJSON: String, followUpJSON: String, baselineName: String = "baseline",
                               followUpName: String = "followUp") throws(VitalsError) -> ChangeAssessment {
        try compare(baseline: metrics(of: baselineJSON, name: baselineName),
                    followUp: metrics(of: followUpJSON, name: followUpName))
    }

    /// The largest magnitude a compared metric may have: far beyond any reading (a stress index of a million), and
    /// small enough that a difference of two never overflows to infinity.
    public static let largestMetric = 1e9

    /// The compared metrics of a result JSON text; null counts as absent.
    /// - Throws: `invalidArgument` for a metric that is not a number, or beyond ±`largestMetric`.
    public static func metrics(of json: String, name: String) throws(VitalsError) -> [String: Double] {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: json)
        } catch {
            throw .invalidArgument("\(name) is not valid JSON: \(error)")
        }
        guard let members = value.objectValue else {
            throw .invalidArgument("\(name) must be a result JSON object, not \(value.typeDescription)")
        }
        var metrics: [String: Double] = [:]
        for key in ResultMetric.all.map(\.key) {
            switch members[key] {
            case nil, .null?: continue
            case .number(let number)? where number.isFinite && abs(number) <= largestMetric: metrics[key] = number
            case .number(let number)?:
                throw .invalidArgument("\(name): \(key) \(number) is not a reading's value (at most ±"
                    + "\(JSONValue.numberText(largestMetric)))")
            case let other?: throw .invalidArgument("\(name): \(key) must be a number, not \(other.typeDescription)")
            }
        }
        return metrics
    }
}
