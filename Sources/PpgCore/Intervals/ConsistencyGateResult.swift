/// Outcome of the consistency gate: every `gate_*` value and the veto decision.
public struct ConsistencyGateResult: Sendable, Equatable {
    /// The gate's measurements (nil when not computable).
    public struct Values: Sendable, Equatable {
        /// `gate_n_pairs`: successive NN pairs used for RMSSD (those with a beat of low confidence left out).
        public let nPairs: Int
        /// `gate_n_merged`: intervals merged (extra) plus inserted (missed).
        public let nMerged: Int
        /// `gate_n_merged` as a share of beats (the vetoed quantity).
        public let mergedFraction: Double
        /// `gate_discard_raw`: share of raw intervals flagged before correction.
        public let discardRaw: Double
        /// `gate_max_jump`: `max |ΔNN| / median NN` after correction.
        public let maxJump: Double?
        /// `gate_hf_share`: `SD1² / (SD1² + SD2²)`.
        public let hfShare: Double?
        /// `gate_r_ps`: Pearson r between peak and 50 %-upstroke IBIs; nil when not supplied.
        public let rPs: Double?
        /// `gate_compress`: `RMSSD_corrected / RMSSD_raw`.
        public let compress: Double?
    }

    /// Measured values.
    public let values: Values
    /// Reasons for a veto, in the order the gate checks them; empty when the gate passes.
    public let vetoReasons: [GateVetoReason]

    /// Whether HRV may be reported.
    public var passed: Bool { vetoReasons.isEmpty }
}
