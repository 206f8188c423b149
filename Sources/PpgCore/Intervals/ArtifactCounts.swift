/// How many artifacts of each kind a correction found (summed over its iterations).
public struct ArtifactCounts: Sendable, Equatable {
    /// Ectopic beats moved.
    public var ectopic: Int
    /// Missed beats inserted.
    public var missed: Int
    /// Extra beats deleted.
    public var extra: Int
    /// Long/short intervals fixed by moving their ending beat.
    public var longShort: Int

    /// Creates counts.
    public init(ectopic: Int = 0, missed: Int = 0, extra: Int = 0, longShort: Int = 0) {
        self.ectopic = ectopic
        self.missed = missed
        self.extra = extra
        self.longShort = longShort
    }

    /// All artifacts.
    public var total: Int { ectopic + missed + extra + longShort }

    /// Intervals merged (extra beats) plus inserted (missed beats): `gate_n_merged`.
    public var merged: Int { extra + missed }

    /// Element-wise sum.
    public func adding(_ other: ArtifactCounts) -> ArtifactCounts {
        ArtifactCounts(ectopic: ectopic + other.ectopic, missed: missed + other.missed, extra: extra + other.extra,
                       longShort: longShort + other.longShort)
    }
}
