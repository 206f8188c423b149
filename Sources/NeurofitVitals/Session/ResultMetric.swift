import PpgCore
import StrictJSON

/// One metric of a reading's result: its JSON key, where its value is in the analysis, unit, label, the range
/// readings of adults at rest typically fall in, and the change between two readings beyond typical variation (nil:
/// compared without a judgement). `ResultMetric.all` is the one list the result's contract and both JSON encoders,
/// `compare`, the console, the report and `nfv schema` read: a metric added here reaches all of them.
public struct ResultMetric: Sendable {
    /// The result key (`heartRateBpm`, …).
    public let key: String
    /// The metric's value in an analysis; nil when withheld.
    public let value: @Sendable (AnalysisResult) -> Double?
    /// The unit (`bpm`, `ms`, …); nil for a pure number.
    public let unit: String?
    /// A short label for people (`Heart rate`).
    public let label: String
    /// Decimals to show it with.
    public let digits: Int
    /// The range a resting adult's reading typically falls in (context, not a diagnosis).
    public let typicalRange: ClosedRange<Double>
    /// The change beyond typical variation between two readings, strictly larger; nil when not judged.
    public let comparisonThreshold: Double?
    /// True when every result has it (the others are absent when withheld).
    public let required: Bool
    /// When it is absent.
    public let summary: String

    /// Every metric, in the order results, comparisons, the console and the report list them.
    public static let all: [ResultMetric] = [
        ResultMetric(key: "heartRateBpm", value: { $0.heartRateBpm }, unit: "bpm", label: "Heart rate", digits: 1,
                     typicalRange: 60...100, comparisonThreshold: 5, required: true, summary: "always present"),
        ResultMetric(key: "rmssdMs", value: { $0.rmssdMs }, unit: "ms", label: "HRV (RMSSD)", digits: 1,
                     typicalRange: 20...90, comparisonThreshold: 10, required: false,
                     summary: "absent when HRV is withheld"),
        ResultMetric(key: "breathingRateBrpm", value: { $0.breathingRateBrpm }, unit: "brpm", label: "Breathing rate",
                     digits: 1, typicalRange: 12...20, comparisonThreshold: 2, required: false,
                     summary: "absent when no rate was found; with `breathingRateConfidence`"),
        ResultMetric(key: "sdnnMs", value: { $0.sdnnMs }, unit: "ms", label: "SDNN", digits: 1,
                     typicalRange: 20...100, comparisonThreshold: nil, required: false,
                     summary: "absent when HRV is withheld"),
        ResultMetric(key: "baevskyStressIndex", value: { $0.baevskyStressIndex }, unit: "%/s²",
                     label: "Baevsky stress index", digits: 0, typicalRange: 50...150, comparisonThreshold: nil,
                     required: false,
                     summary: "the raw Baevsky index, not its square root; absent when HRV is withheld"),
        ResultMetric(key: "sd2sd1", value: { $0.sd2sd1 }, unit: nil, label: "Poincaré SD2/SD1", digits: 2,
                     typicalRange: 1.5...4, comparisonThreshold: nil, required: false,
                     summary: "Poincaré ratio; absent when HRV is withheld"),
        ResultMetric(key: "pnn50Percent", value: { $0.pnn50Percent }, unit: "%", label: "pNN50", digits: 1,
                     typicalRange: 5...40, comparisonThreshold: nil, required: false,
                     summary: "share of successive NN intervals differing by more than 50 ms; absent when HRV is "
                         + "withheld"),
    ]

    /// The metric whose result key is `key`.
    public static func named(_ key: String) -> ResultMetric? { all.first { $0.key == key } }

    /// The metric as a contract field.
    public var field: WireField {
        required ? .required(key, .number, unit: unit, summary) : .optional(key, .number, unit: unit, summary)
    }

    /// The metric as a JSON object for `nfv schema`.
    public var jsonValue: JSONValue {
        var members: [String: JSONValue] = [
            "key": .string(key), "label": .string(label), "required": .bool(required), "digits": .int(digits),
            "typicalRange": .array([.number(typicalRange.lowerBound), .number(typicalRange.upperBound)]),
            "comparisonThreshold": comparisonThreshold.map(JSONValue.number) ?? .null,
        ]
        if let unit { members["unit"] = .string(unit) }
        return .object(members)
    }

    /// Every key of a result object: its identity, the metrics, and what describes them.
    public static var resultFields: [WireField] {
        [
            .optional("id", .string, "the reading's UUID (a replay keeps the recorded one); absent from nfv_analyze's"),
            .optional("capturedAt", .string, "the wall-clock time of the session's first frame (a replay: the "
                      + "recorded one), ISO 8601 UTC, whole seconds rounded down; never later than the result; "
                      + "absent from nfv_analyze's"),
        ] + all.map(\.field) + [
            .optional("breathingRateConfidence", .enumeration("BreathingConfidence"),
                      "with `breathingRateBrpm`: `high` (from motion), `medium`, `low` (show as approximate)"),
            .required("quality", .enumeration("Quality"), "3 clean, 2 usable, 1 withheld"),
            .required("flags", .strings, "why values were withheld or what the engine noticed"),
            .required("diagnostics", .openObject,
                      "the engine's snake_case keys (docs/events.md); `hr_source` is a HeartRateSource"),
            .optional("durationSeconds", .number, unit: "s", "the analysed span"),
            .optional("confidence", .number, "0…1, the engine's confidence in the heart rate"),
            .optional("sdkVersion", .string, "the library's version; absent from nfv_analyze's"),
            .required("engineVersion", .string, "the engine's version"),
        ]
    }
}
