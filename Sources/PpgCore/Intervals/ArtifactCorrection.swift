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

    /// Creates a result from every field.
    init(correctedBeatTimesS: [Double], sourceIndices: [Int?], labels: [BeatLabel], counts: ArtifactCounts,
         rawFlaggedFraction: Double, rawIntervals: IntervalSeries, correctedIntervals: IntervalSeries,
         rawIntervalsWithoutFlagged: IntervalSeries, iterations: Int) {
        self.correctedBeatTimesS = correctedBeatTimesS
        self.sourceIndices = sourceIndices
        self.labels = labels
        self.counts = counts
        self.rawFlaggedFraction = rawFlaggedFraction
        self.rawIntervals = rawIntervals
        self.correctedIntervals = correctedIntervals
        self.rawIntervalsWithoutFlagged = rawIntervalsWithoutFlagged
        self.iterations = iterations
    }

    /// The result of one contiguous beat run, deriving the interval series from the beats and labels.
    init(correctedBeatTimesS: [Double], sourceIndices: [Int?], labels: [BeatLabel], counts: ArtifactCounts,
         rawFlaggedFraction: Double, rawBeatTimesS: [Double], iterations: Int,
         missedBeatHandling: ArtifactCorrector.MissedBeatHandling) {
        let corrected = IntervalSeries(beatTimesS: correctedBeatTimesS)
        let correctedKept = corrected.intervalsMs.indices.filter {
            missedBeatHandling == .insertBeat || (sourceIndices[$0] != nil && sourceIndices[$0 + 1] != nil)
        }
        let raw = IntervalSeries(beatTimesS: rawBeatTimesS)
        let rawKept = raw.intervalsMs.indices.filter { labels[$0] == .normal && labels[$0 + 1] == .normal }
        self.init(correctedBeatTimesS: correctedBeatTimesS, sourceIndices: sourceIndices, labels: labels,
                  counts: counts, rawFlaggedFraction: rawFlaggedFraction, rawIntervals: raw,
                  correctedIntervals: corrected.subset(correctedKept), rawIntervalsWithoutFlagged: raw.subset(rawKept),
                  iterations: iterations)
    }

    /// Joins the results of consecutive beat runs (split at signal gaps): beats, labels and series concatenated
    /// (no interval or pair spans two runs), source indices offset into the concatenated input, counts summed,
    /// the flagged fraction pooled over all raw intervals.
    init(joining parts: [ArtifactCorrection]) {
        var offset = 0
        var sources: [Int?] = []
        for part in parts {
            sources += part.sourceIndices.map { $0.map { $0 + offset } }
            offset += part.labels.count
        }
        let rawCount = parts.reduce(0) { $0 + $1.rawIntervals.count }
        let flagged = parts.reduce(0.0) { $0 + $1.rawFlaggedFraction * Double($1.rawIntervals.count) }
        self.init(correctedBeatTimesS: parts.flatMap(\.correctedBeatTimesS), sourceIndices: sources,
                  labels: parts.flatMap(\.labels),
                  counts: parts.reduce(ArtifactCounts()) { $0.adding($1.counts) },
                  rawFlaggedFraction: rawCount > 0 ? flagged / Double(rawCount) : 0,
                  rawIntervals: IntervalSeries(concatenating: parts.map(\.rawIntervals)),
                  correctedIntervals: IntervalSeries(concatenating: parts.map(\.correctedIntervals)),
                  rawIntervalsWithoutFlagged: IntervalSeries(concatenating: parts.map(\.rawIntervalsWithoutFlagged)),
                  iterations: parts.map(\.iterations).max() ?? 0)
    }
}
