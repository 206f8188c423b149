/// How close the attempt is to the `noLowDiscardEstimate` cancel (`CancelChecks.abortRisk`).
public enum AbortRisk: String, Sendable, Codable, CaseIterable {
    /// Not near: a live estimate cleared the gate, a sustained pulse carries the reading, or the deadline is far.
    case none
    /// From 60 % of the deadline (`liveDiscardGateSeconds`) on, without a live estimate that cleared the gate.
    case warn
    /// The last 5 previews before the deadline.
    case imminent
}
