/// Facts about the moment of a cancel, for the host's logs (000). Encodes the ten keys of 000's
/// `toDictionary()` with `-1` for absent numbers, plus `exposure_in_band` when known.
public struct CancelContext: Sendable, Equatable, Encodable {
    /// The cancel's detail token.
    public var reason: String
    /// Seconds into the attempt.
    public var elapsedSeconds: Double?
    /// The live quality score at the cancel.
    public var qualityScore: Double?
    /// The camera's frame-rate tier.
    public var effectiveFps: Int
    /// The camera's name and bus id (SPEC §10), or the source's description.
    public var deviceModel: String
    /// Red mean of the last measuring frame.
    public var redDc: Double?
    /// The camera's gain/ISO-like exposure figure, when the camera reports one.
    public var exposureIso: Double?
    /// Exposure tuner steps taken, when the tuner runs.
    public var exposureTuneSteps: Int?
    /// Whether `redDc` is within the exposure band, when known.
    public var exposureInBand: Bool?

    enum CodingKeys: String, CodingKey {
        case reason, qualityScore = "quality_score", elapsedSeconds = "elapsed_s", engine, refineMode = "refine_mode"
        case effectiveFps = "effective_fps", deviceModel = "device_model", redDc = "red_dc"
        case exposureIso = "exposure_iso", exposureTuneSteps = "exposure_tune_steps", exposureInBand = "exposure_in_band"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(reason, forKey: .reason)
        try container.encode(qualityScore ?? -1, forKey: .qualityScore)
        try container.encode(elapsedSeconds ?? -1, forKey: .elapsedSeconds)
        try container.encode(EngineIdentity.name, forKey: .engine)
        try container.encode(EngineIdentity.refineMode, forKey: .refineMode)
        try container.encode(effectiveFps, forKey: .effectiveFps)
        try container.encode(deviceModel, forKey: .deviceModel)
        try container.encode(redDc ?? -1, forKey: .redDc)
        try container.encode(exposureIso ?? -1, forKey: .exposureIso)
        try container.encode(exposureTuneSteps ?? -1, forKey: .exposureTuneSteps)
        try container.encodeIfPresent(exposureInBand, forKey: .exposureInBand)
    }
}

/// Constants that identify this engine in cancel contexts and diagnostics (000).
public enum EngineIdentity {
    /// The `engine` value.
    public static let name = "neurofit_vitals"
    /// The `refine_mode` value: an opaque per-platform constant.
    public static let refineMode = "linux_upstroke50"
}
