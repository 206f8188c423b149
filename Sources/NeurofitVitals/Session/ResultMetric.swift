import StrictJSON

/// One metric of a reading's result: its JSON key, unit, label, the range readings of adults at rest typically
/// fall in, and the change between two readings beyond typical variation (nil: compared without a judgement).
/// `ResultMetric.all` is the one list the result's contract, `compare` and `nfv schema` read.
public struct ResultMetric: Sendable, Equatable {
    /// The result key (`heartRateBpm`, …).
    public let key: String
    /// The unit (`bpm`, `ms`, …); nil for a pure number.
    public let unit: String?
    /// A short label for people (`Heart rate`).
    public let label: String
    /// The range a resting adult's reading typically falls in.
    public let typicalRange: ClosedRange<Double>
    /// The change beyond typical variation between two readings, strictly larger; nil when not judged.
    public let comparisonThreshold: Double?
    /// True when every result has it (the others are absent when withheld).
    public let required: Bool
    /// When it is absent.
    public let summary: String

    /// Every metric, in the order results and comparisons list them.
    public static let all: [ResultMetric] = [
        ResultMetric(key: "heartRateBpm", unit: "bpm", label: "Heart rate", typicalRange: 40...180,
                     comparisonThreshold: 5, required: true, summary: "always present"),
        ResultMetric(key: "rmssdMs", unit: "ms", label: "RMSSD", typicalRange: 5...150, comparisonThreshold: 10,
                     required: false, summary: "absent when HRV is withheld"),
        ResultMetric(key: "breathingRateBrpm", unit: "brpm", label: "Breathing rate", typicalRange: 6...24,
                     comparisonThreshold: 2, required: false,
                     summary: "absent when no rate was found; with `breathingRateConfidence`"),
        ResultMetric(key: "sdnnMs", unit: "ms", label: "SDNN", typicalRange: 10...200, comparisonThreshold: nil,
                     required: false, summary: "absent when HRV is withheld"),
        ResultMetric(key: "baevskyStressIndex", unit: "%/s²", label: "Stress index", typicalRange: 10...1000,
                     comparisonThreshold: nil, required: false,
                     summary: "the raw Baevsky index, not its square root; absent when HRV is withheld"),
        ResultMetric(key: "sd2sd1", unit: nil, label: "SD2/SD1", typicalRange: 1...6, comparisonThreshold: nil,
                     required: false, summary: "Poincaré ratio; absent when HRV is withheld"),
    ]

    /// The metric as a contract field.
    public var field: WireField {
        required ? .required(key, .number, unit: unit, summary) : .optional(key, .number, unit: unit, summary)
    }

    /// The metric as a JSON object for `nfv schema`.
    public var jsonValue: JSONValue {
        var members: [String: JSONValue] = [
            "key": .string(key), "label": .string(label), "required": .bool(required),
            "typicalRange": .array([.number(typicalRange.lowerBound), .number(typicalRange.upperBound)]),
            "comparisonThreshold": comparisonThreshold.map(JSONValue.number) ?? .null,
        ]
        if let unit { members["unit"] = .string(unit) }
        return .object(members)
    }

    /// Every key of a result object: its identity, the metrics, and what describes them.
    public static var resultFields: [WireField] {
        [
            .required("id", .string, "the reading's UUID (a replay keeps the recorded one)"),
            .required("capturedAt", .string, "when the reading finished, ISO 8601 UTC, whole seconds"),
        ] + all.map(\.field) + [
            .optional("breathingRateConfidence", .enumeration("BreathingConfidence"),
                      "with `breathingRateBrpm`: `high` (from motion), `medium`, `low` (show as approximate)"),
            .required("quality", .enumeration("Quality"), "3 clean, 2 usable, 1 withheld"),
            .required("flags", .strings, "why values were withheld or what the engine noticed"),
            .required("diagnostics", .openObject, "the engine's snake_case keys (docs/events.md)"),
            .optional("durationSeconds", .number, unit: "s", "the analysed span"),
            .optional("confidence", .number, "0…1, the engine's confidence in the heart rate"),
            .required("sdkVersion", .string, "the library's version"),
            .required("engineVersion", .string, "the engine's version"),
        ]
    }
}
