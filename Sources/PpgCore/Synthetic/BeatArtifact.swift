/// A beat-level artifact injected into the synthetic rhythm at a given heartbeat index.
public struct BeatArtifact: Sendable, Equatable {
    /// Artifact kinds; the truth series stays the clean one.
    public enum Kind: String, Sendable, Equatable {
        /// Premature beat: its onset moves 30 % of the preceding interval earlier (`RR_k ← 0.7·RR_k`,
        /// `RR_{k+1} ← RR_{k+1} + 0.3·RR_k`).
        case ectopic
        /// The beat produces no pulse (detector misses it).
        case missed
        /// A half-amplitude extra pulse halfway through the interval ending at this beat.
        case extra
    }

    /// What is injected.
    public var kind: Kind
    /// Index of the heartbeat (0 = the first generated beat) it applies to.
    public var beatIndex: Int

    /// Creates an artifact at heartbeat `beatIndex`.
    public init(kind: Kind, beatIndex: Int) {
        self.kind = kind
        self.beatIndex = beatIndex
    }
}
