import PpgCore
import StrictJSON

extension ReadingResult {
    /// The result as a JSON object: the analysis's object (`AnalysisResult.json`: the metrics of `ResultMetric.all`,
    /// absent when withheld) with the reading's identity, the SDK version, and the session's diagnostics merged
    /// into the engine's.
    public var jsonValue: JSONValue {
        var members = analysis.json.objectValue ?? [:]
        members["id"] = .string(id)
        members["capturedAt"] = .string(capturedAt)
        members["sdkVersion"] = .string(sdkVersion)
        members["diagnostics"] = .object(diagnostics.merged(into: analysis.diagnostics.json.objectValue ?? [:]))
        return .object(members)
    }
}

extension ReadingDiagnostics {
    /// The snake_case diagnostics object of a session without engine figures (see `merged(into:)`).
    public var jsonValue: JSONValue { .object(merged(into: [:])) }

    /// `engineMembers` (the engine's keys), then the capture settings', the trajectory's and the motion's keys it
    /// does not have, and `events_dropped` when events were dropped.
    public func merged(into engineMembers: [String: JSONValue]) -> [String: JSONValue] {
        var members = engineMembers.merging(capture?.diagnostics ?? [:]) { engine, _ in engine }
            .merging(trajectory?.diagnostics ?? [:]) { earlier, _ in earlier }
            .merging(motion?.diagnostics ?? [:]) { earlier, _ in earlier }
        if eventsDropped > 0 { members["events_dropped"] = .int(eventsDropped) }
        return members
    }
}

extension MotionDiagnostics {
    /// `motion_source`, `motion_sample_count`, and `motion_rate_hz` when it could be measured.
    public var diagnostics: [String: JSONValue] {
        var members: [String: JSONValue] = ["motion_source": .string(source), "motion_sample_count": .int(sampleCount)]
        if let rateHz { members["motion_rate_hz"] = .number(rateHz) }
        return members
    }
}

extension ReadingTrajectory {
    /// The snake_case diagnostics keys: `frame_drop_compliance_error_count` and the `live_sq_*` counts always; the
    /// quality at 15 s / 30 s and the `early_*` figures when there were previews (or estimates) to take them from.
    public var diagnostics: [String: JSONValue] {
        var members: [String: JSONValue] = [
            "frame_drop_compliance_error_count": .int(frameDropPreviews),
            "live_sq_max_withheld_run": .int(longestWithheldRun), "live_sq_withheld_estimates": .int(withheldEstimates),
            "live_sq_total_estimates": .int(withheldSequence.count),
            "live_sq_withheld_seq": .string(String(withheldSequence.map { $0 ? "1" : "0" })),
        ]
        let optionals: [(String, Double?)] = [
            ("live_sq_at_15s", qualityAt15s), ("live_sq_at_30s", qualityAt30s),
            ("early_mean_quality_score", mean(earlyQualityScores)),
            ("early_min_quality_score", earlyQualityScores.min()),
            ("early_mean_amplitude", mean(earlyAmplitudes)), ("early_mean_discard_ratio", mean(earlyDiscardRatios)),
            ("early_max_discard_ratio", earlyDiscardRatios.max()),
        ]
        for (key, value) in optionals { if let value { members[key] = .number(value) } }
        return members
    }

    private func mean(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }
}
