import NeurofitVitals
import StrictJSON

extension ResultMetric {
    /// `value` with the metric's decimals and unit (`72.1 bpm`, `1.84`).
    func text(_ value: Double) -> String {
        format(value, digits: digits) + (unit.map { " " + $0 } ?? "")
    }

    /// The metric's text in a result object, `withheld` when absent; a breathing rate with its confidence
    /// (`BreathingRateText`).
    func text(in result: [String: JSONValue]) -> String {
        guard let value = result[key]?.numberValue else { return "withheld" }
        guard key == "breathingRateBrpm" else { return text(value) }
        return BreathingRateText.describe(brpm: value, confidence: result["breathingRateConfidence"]?.stringValue,
                                          unit: unit.map { " " + $0 } ?? "") ?? "withheld"
    }

    /// The typical resting range (`60–100 bpm`).
    var typicalRangeText: String {
        JSONValue.numberText(typicalRange.lowerBound) + "–" + JSONValue.numberText(typicalRange.upperBound)
            + (unit.map { " " + $0 } ?? "")
    }

    /// The label with the unit, for a column of numbers (`Heart rate (bpm)`).
    var labelWithUnit: String { label + (unit.map { " (\($0))" } ?? "") }
}
