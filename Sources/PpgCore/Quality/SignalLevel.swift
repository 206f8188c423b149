/// The preview's signal level from the quality score: strong ≥ 0.80, good ≥ 0.65, fair ≥ 0.50, else weak.
public enum SignalLevel: String, Sendable, CaseIterable {
    /// q ≥ 0.80.
    case strong
    /// 0.65 ≤ q < 0.80.
    case good
    /// 0.50 ≤ q < 0.65.
    case fair
    /// q < 0.50.
    case weak

    /// The level of quality score `q`.
    public init(qualityScore q: Double) {
        switch q {
        case 0.80...: self = .strong
        case 0.65..<0.80: self = .good
        case 0.50..<0.65: self = .fair
        default: self = .weak
        }
    }
}
