import PpgCore
import StrictJSON

/// How the CLI shows a breathing rate: a `low`-confidence rate is an approximate, unreliable figure ("≈14 /min
/// (low confidence, unreliable)"), never a plain number; `medium`/`high` rates are shown to one decimal.
enum BreathingRateText {
    /// The text for a result object's `breathingRateBrpm` and `breathingRateConfidence`; nil without a rate.
    static func describe(_ result: [String: JSONValue], unit: String = " /min") -> String? {
        describe(brpm: result["breathingRateBrpm"]?.numberValue,
                 confidence: result["breathingRateConfidence"]?.stringValue, unit: unit)
    }

    /// The text for a rate and its confidence tier's name; nil without a rate.
    static func describe(brpm: Double?, confidence: String?, unit: String = " /min") -> String? {
        guard let brpm else { return nil }
        guard confidence == BreathingConfidenceTier.low.rawValue else {
            return format(brpm, digits: 1) + unit + (confidence.map { " (\($0) confidence)" } ?? "")
        }
        return "≈" + format(brpm, digits: 0) + unit + " (low confidence, unreliable)"
    }
}
