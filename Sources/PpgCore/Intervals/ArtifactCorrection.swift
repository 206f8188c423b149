/// Result of `ArtifactCorrector.correct`: corrected beats, what was done to the input beats, and the figures the
/// consistency gate needs.
public struct ArtifactCorrection: Sendable, Equatable {
    /// Corrected beat times (s), increasing.
    public let correctedBeatTimesS: [Double]
    /// For each corrected beat, the index of the input beat it comes from (nil for an inserted beat).
    public let sourceIndices: [Int?]
    /// One label per input beat (the first classification it received).
    public let labels: [BeatLabel]
    /// Artifacts found, summed over iterations.
    public let counts: ArtifactCounts
    /// Share of raw intervals flagged by the first detection pass, before any correction (`gate_discard_raw`).
    public let rawFlaggedFraction: Double
    /// Intervals before correction.
    public let rawIntervals: IntervalSeries
    /// Intervals after correction, stamped with their ending beat. With `MissedBeatHandling.dropInterval` the two
    /// halves of every split long interval are left out (so no pair spans them).
    public let correctedIntervals: IntervalSeries
    /// Raw intervals with both intervals next to every labelled beat removed (the "delete, don't correct"
    /// alternative): the reference for `gate_compress`.
    public let rawIntervalsWithoutFlagged: IntervalSeries
    /// Number of correction passes applied.
    public let iterations: Int

    /// Intervals merged (extra) plus inserted (missed): `gate_n_merged`.
    public var nMerged: Int { counts.merged }

    /// Creates a result (used by `ArtifactCorrector`).
    public init(correctedBeatTimesS: [Double], sourceIndices: [Int?], labels: [BeatLabel], counts: ArtifactCounts,
                rawFlaggedFraction: Double, rawBeatTimesS: [Double], iterations: Int,
                missedBeatHandling: ArtifactCorrector.MissedBeatHandling = .insertBeat) {
        self.correctedBeatTimesS = correctedBeatTimesS
        self.sourceIndices = sourceIndices
        self.labels = labels
        self.counts = counts
        self.rawFlaggedFraction = rawFlaggedFraction
        rawIntervals = IntervalSeries(beatTimesS: rawBeatTimesS)
        let corrected = IntervalSeries(beatTimesS: correctedBeatTimesS)
        if missedBeatHandling == .dropInterval {
            let kept = corrected.intervalsMs.indices.filter { sourceIndices[$0] != nil && sourceIndices[$0 + 1] != nil }
            correctedIntervals = IntervalSeries(intervalsMs: kept.map { corrected.intervalsMs[$0] },
                                                endTimesS: kept.map { corrected.endTimesS[$0] })
        } else {
            correctedIntervals = corrected
        }
        let raw = rawIntervals
        let kept = raw.intervalsMs.indices.filter { index in
            labels[index] == .normal && labels[index + 1] == .normal
        }
        rawIntervalsWithoutFlagged = IntervalSeries(intervalsMs: kept.map { raw.intervalsMs[$0] },
                                                    endTimesS: kept.map { raw.endTimesS[$0] })
        self.iterations = iterations
    }
}
