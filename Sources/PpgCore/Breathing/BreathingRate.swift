/// The breathing rate to report: value, confidence and tier.
public struct BreathingRate: Sendable, Equatable {
    /// Breaths per minute.
    public var brpm: Double
    /// Confidence 0…1.
    public var confidence: Double
    /// Where the value came from and how far it is trusted.
    public var tier: BreathingConfidenceTier

    /// Creates a rate.
    public init(brpm: Double, confidence: Double, tier: BreathingConfidenceTier) {
        self.brpm = brpm
        self.confidence = confidence
        self.tier = tier
    }
}
