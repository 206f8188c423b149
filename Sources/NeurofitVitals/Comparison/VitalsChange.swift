import StrictJSON

/// Pre/post comparison of two readings (before and after an intervention, say): which metrics moved by more than
/// two readings of a resting person typically differ. Thresholds: heart rate 5 bpm, RMSSD 10 ms, breathing rate
/// 2 brpm; SDNN, the stress index and SD2/SD1 are compared without a judgement.
public enum VitalsChange {
    /// The metrics compared, by result key, with their threshold (nil: none).
    static let thresholds: [(key: String, threshold: Double?)] = ResultMetric.all.map {
        ($0.key, $0.comparisonThreshold)
    }

    /// Compares two readings given by their metric values (result keys; a missing key means the reading lacks
    /// the metric).
    public static func compare(baseline: [String: Double], followUp: [String: Double]) -> ChangeAssessment {
        func change(_ key: String) -> MetricChange? {
            guard let before = baseline[key], let after = followUp[key] else { return nil }
            return MetricChange(baseline: before, followUp: after,
                                threshold: thresholds.first { $0.key == key }?.threshold)
        }
        return ChangeAssessment(heartRateBpm: change("heartRateBpm"), rmssdMs: change("rmssdMs"),
                                breathingRateBrpm: change("breathingRateBrpm"), sdnnMs: change("sdnnMs"),
                                baevskyStressIndex: change("baevskyStressIndex"), sd2sd1: change("sd2sd1"))
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
        for (key, _) in thresholds {
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
