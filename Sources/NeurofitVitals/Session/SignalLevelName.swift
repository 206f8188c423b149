/// `strong` ≥ 0.80, `good` ≥ 0.65, `fair` ≥ 0.50, else `weak`.
public enum SignalLevelName: String, Sendable, Codable, CaseIterable {
    /// A quality score of 0.80 or more.
    case strong
    /// A quality score of 0.65 or more, below 0.80.
    case good
    /// A quality score of 0.50 or more, below 0.65.
    case fair
    /// A quality score below 0.50.
    case weak

    /// The level of a quality score.
    public init(score: Double) {
        self = score >= 0.80 ? .strong : score >= 0.65 ? .good : score >= 0.50 ? .fair : .weak
    }

    /// The next level down (`weak` stays `weak`).
    var weaker: SignalLevelName {
        switch self {
        case .strong: .good
        case .good: .fair
        case .fair, .weak: .weak
        }
    }
}
