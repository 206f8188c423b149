/// The result of a completed reading (SPEC §6): the eleven fields of 002, plus `flags` and `diagnostics`.
public struct ReadingResult: Sendable, Equatable {
    /// Unique id of the reading (UUID text).
    public var id: String
    /// When the reading finished, ISO 8601 UTC with whole seconds.
    public var capturedAt: String
    /// Heart rate; always present.
    public var heartRateBpm: Double
    /// RMSSD, ms; absent when withheld.
    public var rmssdMs: Double?
    /// SDNN, ms; absent when withheld.
    public var sdnnMs: Double?
    /// Baevsky stress index (raw SI, %/s²); absent when withheld.
    public var baevskyStressIndex: Double?
    /// Poincaré SD2/SD1; absent when withheld.
    public var sd2sd1: Double?
    /// Breathing rate; present exactly when `breathingRateConfidence` is.
    public var breathingRateBrpm: Double?
    /// `high`, `medium` or `low`.
    public var breathingRateConfidence: String?
    /// 3 clean, 2 usable, 1 withheld.
    public var quality: Int
    /// The SDK that produced the reading.
    public var sdkVersion: String
    /// Why values were withheld or what the engine noticed (stable snake_case names).
    public var flags: [String]
    /// The snake_case diagnostics of 000 (an object).
    public var diagnostics: JSONValue

    /// The result as a JSON object (absent optionals left out).
    public var jsonValue: JSONValue {
        var members: [String: JSONValue] = [
            "id": .string(id), "capturedAt": .string(capturedAt), "heartRateBpm": .number(heartRateBpm),
            "quality": .number(Double(quality)), "sdkVersion": .string(sdkVersion),
            "flags": .array(flags.map(JSONValue.string)), "diagnostics": diagnostics,
        ]
        let optionals: [(String, Double?)] = [
            ("rmssdMs", rmssdMs), ("sdnnMs", sdnnMs), ("baevskyStressIndex", baevskyStressIndex),
            ("sd2sd1", sd2sd1), ("breathingRateBrpm", breathingRateBrpm),
        ]
        for (key, value) in optionals { if let value { members[key] = .number(value) } }
        if let breathingRateConfidence { members["breathingRateConfidence"] = .string(breathingRateConfidence) }
        return .object(members)
    }
}
