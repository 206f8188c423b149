/// The outcome of a completed reading's final analysis (the engine's part of a session's result).
public struct AnalysisResult: Sendable, Equatable {
    /// Seconds of frames analysed (first to last timestamp).
    public var durationSeconds: Double
    /// Heart rate, bpm: 60000/MeanNN after artifact correction, or the spectral peak's or the fold's rate
    /// (`hr_source`).
    public var heartRateBpm: Double
    /// RMSSD, ms; nil when withheld.
    public var rmssdMs: Double?
    /// SDNN over the reading, ms; nil when withheld.
    public var sdnnMs: Double?
    /// Baevsky stress index (raw SI, %/s²); nil when withheld or undefined.
    public var baevskyStressIndex: Double?
    /// Poincaré SD2/SD1; nil when withheld or undefined.
    public var sd2sd1: Double?
    /// pNN50: the share of successive NN intervals differing by more than 50 ms, percent; nil when withheld.
    public var pnn50Percent: Double?
    /// Breathing rate, breaths per minute; nil when no estimate.
    public var breathingRateBrpm: Double?
    /// The breathing confidence tier; present exactly when `breathingRateBrpm` is.
    public var breathingRateConfidence: BreathingConfidenceTier?
    /// HRV confidence when HRV is reported, else the heart-rate confidence (0…1).
    public var confidence: Double
    /// Quality tier.
    public var quality: QualityTier
    /// Why something was withheld or worked around (e.g. `motion`, `gate_veto:max_jump`, `clipped_red_used_green`).
    public var flags: [String]
    /// Diagnostics.
    public var diagnostics: AnalysisDiagnostics

    /// Creates a result.
    public init(durationSeconds: Double, heartRateBpm: Double, rmssdMs: Double?, sdnnMs: Double?,
                baevskyStressIndex: Double?, sd2sd1: Double?, pnn50Percent: Double? = nil, breathingRateBrpm: Double?,
                breathingRateConfidence: BreathingConfidenceTier?, confidence: Double, quality: QualityTier,
                flags: [String], diagnostics: AnalysisDiagnostics) {
        self.durationSeconds = durationSeconds
        self.heartRateBpm = heartRateBpm
        self.rmssdMs = rmssdMs
        self.sdnnMs = sdnnMs
        self.baevskyStressIndex = baevskyStressIndex
        self.sd2sd1 = sd2sd1
        self.pnn50Percent = pnn50Percent
        self.breathingRateBrpm = breathingRateBrpm
        self.breathingRateConfidence = breathingRateConfidence
        self.confidence = confidence
        self.quality = quality
        self.flags = flags
        self.diagnostics = diagnostics
    }
}
