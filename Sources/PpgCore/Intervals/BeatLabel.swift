/// Classification of one input beat by the artifact corrector.
public enum BeatLabel: String, Sendable, Equatable {
    /// Left in place.
    case normal
    /// Misplaced (ectopic) beat: moved to the midpoint of its neighbours.
    case ectopic
    /// A beat was missing just before this one: one was inserted at the midpoint of the long interval.
    case missed
    /// Extra (spurious) beat: deleted, its two intervals merged.
    case extra
    /// Ends an interval that was too long or too short: moved to the midpoint of its neighbours.
    case longShort
}
