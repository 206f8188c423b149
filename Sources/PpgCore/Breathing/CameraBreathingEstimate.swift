/// The pulse-derived breathing rate: the fusion of the per-modulation estimates that agree, each weighted by how
/// regular its breath cycles are.
public struct CameraBreathingEstimate: Sendable, Equatable {
    /// Weighted mean of the estimates that agree, breaths per minute.
    public var brpm: Double
    /// `min(agreement, regularity, beatQualityFraction)`, 0…1: the weakest of the three pieces of evidence.
    public var confidence: Double
    /// How closely the two most regular modulations agree: `clip(1 − |difference| / agreementScaleBrpm, 0, 1)`;
    /// `singleEstimateAgreement` when only one modulation gave an estimate.
    public var agreement: Double
    /// How regular the breath cycles of those two modulations are: `clip(1 − variation / maximumCycleVariation,
    /// 0, 1)` with the larger of their cycle variations.
    public var regularity: Double
    /// Valid beats in the window over the beats the window should hold at the median heart rate, 0…1.
    public var beatQualityFraction: Double
    /// Every modulation that produced an estimate, in `RespiratoryModulation.allCases` order.
    public var modulations: [ModulationEstimate]
    /// The modulations whose estimates agree and make up `brpm`.
    public var fused: [RespiratoryModulation]

    /// Creates a camera estimate.
    public init(brpm: Double, confidence: Double, agreement: Double, regularity: Double,
                beatQualityFraction: Double, modulations: [ModulationEstimate], fused: [RespiratoryModulation]) {
        self.brpm = brpm
        self.confidence = confidence
        self.agreement = agreement
        self.regularity = regularity
        self.beatQualityFraction = beatQualityFraction
        self.modulations = modulations
        self.fused = fused
    }
}
