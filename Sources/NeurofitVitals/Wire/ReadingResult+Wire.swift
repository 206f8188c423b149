import PpgCore
import StrictJSON

extension ReadingResult {
    /// The result as a JSON object (absent optionals left out).
    public var jsonValue: JSONValue {
        var members: [String: JSONValue] = [
            "id": .string(id), "capturedAt": .string(capturedAt), "heartRateBpm": .number(heartRateBpm),
            "quality": .number(Double(quality)), "sdkVersion": .string(sdkVersion),
            "engineVersion": .string(SDKVersion.engine),
            "flags": .array(flags.map(JSONValue.string)), "diagnostics": diagnostics.jsonValue,
        ]
        let optionals: [(String, Double?)] = [
            ("rmssdMs", rmssdMs), ("sdnnMs", sdnnMs), ("baevskyStressIndex", baevskyStressIndex),
            ("sd2sd1", sd2sd1), ("breathingRateBrpm", breathingRateBrpm), ("durationSeconds", durationSeconds),
            ("confidence", confidence),
        ]
        for (key, value) in optionals { if let value { members[key] = .number(value) } }
        if let breathingRateConfidence { members["breathingRateConfidence"] = .string(breathingRateConfidence) }
        return .object(members)
    }
}

extension ReadingDiagnostics {
    /// The snake_case diagnostics object: the engine's keys, then the capture settings' keys it does not have.
    public var jsonValue: JSONValue {
        let engineMembers = engine.json.objectValue ?? [:]
        return .object(engineMembers.merging(capture?.diagnostics ?? [:]) { engine, _ in engine })
    }
}
