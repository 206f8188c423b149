import PpgCore
import StrictJSON

/// Facts about the moment of a cancel, for the host's logs. Encodes the ten keys of the
/// `toDictionary()` with `-1` for absent numbers, plus `exposure_in_band` when known.
public struct CancelContext: Sendable, Equatable {
    /// The cancel's detail token.
    public var reason: String
    /// Seconds into the attempt.
    public var elapsedSeconds: Double?
    /// The live quality score at the cancel.
    public var qualityScore: Double?
    /// The camera's frame-rate tier.
    public var effectiveFps: Int
    /// The camera's name and bus id, or the source's description.
    public var deviceModel: String
    /// Red mean of the last measuring frame.
    public var redDc: Double?
    /// The camera's gain/ISO-like exposure figure, when the camera reports one.
    public var exposureIso: Double?
    /// Exposure tuner steps taken, when the tuner runs.
    public var exposureTuneSteps: Int?
    /// Whether `redDc` is within the exposure band, when known.
    public var exposureInBand: Bool?

    /// The context as a dictionary: ten keys with `-1` for absent numbers, plus `exposure_in_band` when known.
    public var jsonValue: JSONValue {
        var members: [String: JSONValue] = [
            "reason": .string(reason),
            "quality_score": .number(qualityScore ?? -1),
            "elapsed_s": .number(elapsedSeconds ?? -1),
            "engine": .string(EngineIdentity.name),
            "refine_mode": .string(EngineIdentity.refineMode),
            "effective_fps": .number(Double(effectiveFps)),
            "device_model": .string(deviceModel),
            "red_dc": .number(redDc ?? -1),
            "exposure_iso": .number(exposureIso ?? -1),
            "exposure_tune_steps": .number(Double(exposureTuneSteps ?? -1)),
        ]
        if let exposureInBand { members["exposure_in_band"] = .bool(exposureInBand) }
        return .object(members)
    }
}

/// Constants that identify this engine in cancel contexts and diagnostics.
public enum EngineIdentity {
    /// The `engine` value.
    public static let name = "neurofit_vitals"
    /// The `refine_mode` value: an opaque per-platform constant.
    public static let refineMode = "upstroke50"
}
