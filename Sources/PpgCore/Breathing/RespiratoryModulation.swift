/// The three ways breathing modulates a pulse train (Charlton 2016 naming).
public enum RespiratoryModulation: String, Sendable, CaseIterable, Codable {
    /// Respiratory-induced frequency variation: the inter-beat intervals (sinus arrhythmia).
    case rifv
    /// Respiratory-induced amplitude variation: the pulse amplitudes.
    case riav
    /// Respiratory-induced intensity variation: the beat-mean baseline of the unfiltered channel.
    case riiv
}
