import StrictJSON

// The JSON form of the comparison of two readings (nfv_compare, nfv compare --json).

extension ChangeAssessment {
    /// One member per metric, keyed as in a result: a `MetricChange` object, or null when either reading lacks
    /// the metric.
    public var jsonValue: JSONValue {
        .object(Dictionary(uniqueKeysWithValues: changes.map { ($0.metric.key, $0.change?.jsonValue ?? .null) }))
    }
}

extension MetricChange {
    /// `{"baseline":…,"followUp":…,"delta":…,"beyondTypicalVariation":true|false|null}`.
    public var jsonValue: JSONValue {
        .object(["baseline": .number(baseline), "followUp": .number(followUp), "delta": .number(delta),
                 "beyondTypicalVariation": beyondTypicalVariation.map(JSONValue.bool) ?? .null])
    }
}
