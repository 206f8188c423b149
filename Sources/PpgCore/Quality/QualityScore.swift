/// The quality score q ∈ 0…1 from a window's spectral concentration, beat-template correlation,
/// saturation and contact: `q = clip(0.4·conc' + 0.3·corr' + 0.3·(1 − satPenalty)) · contact`.
public enum QualityScore {
    /// Score at or above which a window counts as good (the cancel gate's "bad" is below it).
    public static let passThreshold = 0.5

    /// Concentration mapped 0.5 → 0 … 0.9 → 1.
    static func concentrationTerm(_ concentration: Double) -> Double { clip((concentration - 0.5) / 0.4) }

    /// Template correlation mapped 0.6 → 0 … 0.95 → 1 (beats aligned on detected fiducials correlate ≈ 0.5 even in
    /// noise, so the low end carries no information).
    static func correlationTerm(_ correlation: Double) -> Double { clip((correlation - 0.6) / 0.35) }

    /// Saturation penalty: none up to 5 % clipped frames, full at 30 %.
    static func saturationPenalty(_ fraction: Double) -> Double { clip((fraction - 0.05) / 0.25) }

    /// The score of a window.
    public static func score(concentration: Double, templateCorrelation: Double, saturationFraction: Double,
                             contactFraction: Double) -> Double {
        let raw = 0.4 * concentrationTerm(concentration) + 0.3 * correlationTerm(templateCorrelation)
            + 0.3 * (1 - saturationPenalty(saturationFraction))
        return clip(raw) * clip(contactFraction)
    }

    static func clip(_ value: Double) -> Double { min(max(value, 0), 1) }
}
