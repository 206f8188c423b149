import PpgCore

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
}
