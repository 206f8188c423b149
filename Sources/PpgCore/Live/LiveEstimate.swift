/// The live HRV estimate of a tick: whether the intervals of the last seconds are
/// trustworthy, with the share of them the Malik 20 % rule rejected. It drives the session's discard and withheld
/// gates.
public enum LiveEstimate: Sendable, Equatable {
    /// Not enough intervals yet to attempt an estimate.
    case none
    /// Attempted but withheld: the discard ratio is 0.5 or more, or the live quality score is below the pass
    /// threshold.
    case withheld(discardRatio: Double)
    /// Accepted, with the share of raw intervals rejected (below 0.5).
    case accepted(discardRatio: Double)

    /// The discard ratio of an attempted estimate; nil for `.none`.
    public var discardRatio: Double? {
        switch self {
        case .none: nil
        case .withheld(let ratio), .accepted(let ratio): ratio
        }
    }
}
