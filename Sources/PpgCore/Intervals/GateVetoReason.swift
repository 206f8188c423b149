/// Why the consistency gate vetoed HRV. Raw values are the `gate_*` suffixes, for flags.
public enum GateVetoReason: String, Sendable, Equatable, CaseIterable {
    /// Fewer successive NN pairs than required (`gate_n_pairs`).
    case nPairs = "n_pairs"
    /// Too many merged or inserted intervals (`gate_n_merged`).
    case nMerged = "n_merged"
    /// Too many raw intervals flagged before correction (`gate_discard_raw`).
    case discardRaw = "discard_raw"
    /// A successive difference too large for sinus rhythm (`gate_max_jump`).
    case maxJump = "max_jump"
    /// Short-term variability dominates (`gate_hf_share`): white IBI noise or timing jitter.
    case hfShare = "hf_share"
    /// The two fiducials disagree (`gate_r_ps`): timing noise dominates true variability.
    case rPs = "r_ps"
    /// Correction changed RMSSD too much (`gate_compress`).
    case compress = "compress"
    /// A gate value could not be computed (too few intervals).
    case undefined = "undefined"
}
