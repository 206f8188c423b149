/// The pulse-derived breathing rate: the smart fusion (Karlen 2013) of the per-modulation estimates.
public struct CameraBreathingEstimate: Sendable, Equatable {
    /// Concentration-weighted mean of the estimates that agree, breaths per minute.
    public var brpm: Double
    /// `agreement · mean(concentration) · beatQualityFraction` over the fused modulations, 0…1.
    public var confidence: Double
    /// `clip(1 − sd/agreementSdBrpm, 0, 1)` over the fused estimates (`singleEstimateAgreement` when only one).
    public var agreement: Double
    /// Valid beats in the window over the beats the window should hold at the median heart rate, 0…1.
    public var beatQualityFraction: Double
    /// Every modulation that produced an estimate, in `RespiratoryModulation.allCases` order.
    public var modulations: [ModulationEstimate]
    /// The modulations whose estimates agree and make up `brpm`.
    public var fused: [RespiratoryModulation]

    /// Creates a camera estimate.
    public init(brpm: Double, confidence: Double, agreement: Double, beatQualityFraction: Double,
                modulations: [ModulationEstimate], fused: [RespiratoryModulation]) {
        self.brpm = brpm
        self.confidence = confidence
        self.agreement = agreement
        self.beatQualityFraction = beatQualityFraction
        self.modulations = modulations
        self.fused = fused
    }
}
