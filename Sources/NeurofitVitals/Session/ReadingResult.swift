import PpgCore

/// The result of a completed reading: the eleven public fields, plus `flags` and `diagnostics`, and the
/// `durationSeconds`, `confidence` and `engineVersion`.
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
    /// The engine's figures and the capture settings.
    public var diagnostics: ReadingDiagnostics
    /// Seconds of signal analysed.
    public var durationSeconds: Double?
    /// HRV confidence, else heart-rate confidence, 0…1.
    public var confidence: Double?

    /// Creates a result.
    public init(id: String, capturedAt: String, heartRateBpm: Double, rmssdMs: Double? = nil, sdnnMs: Double? = nil,
                baevskyStressIndex: Double? = nil, sd2sd1: Double? = nil, breathingRateBrpm: Double? = nil,
                breathingRateConfidence: String? = nil, quality: Int, sdkVersion: String, flags: [String],
                diagnostics: ReadingDiagnostics, durationSeconds: Double? = nil, confidence: Double? = nil) {
        self.id = id
        self.capturedAt = capturedAt
        self.heartRateBpm = heartRateBpm
        self.rmssdMs = rmssdMs
        self.sdnnMs = sdnnMs
        self.baevskyStressIndex = baevskyStressIndex
        self.sd2sd1 = sd2sd1
        self.breathingRateBrpm = breathingRateBrpm
        self.breathingRateConfidence = breathingRateConfidence
        self.quality = quality
        self.sdkVersion = sdkVersion
        self.flags = flags
        self.diagnostics = diagnostics
        self.durationSeconds = durationSeconds
        self.confidence = confidence
    }
}
