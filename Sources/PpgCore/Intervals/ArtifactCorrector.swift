/// Artifact and ectopic-beat correction of Lipponen & Tarvainen (2019), the Kubios method, on
/// float beat times in **seconds** (computed internally in ms; no integer truncation).
///
/// Each pass classifies intervals (see `ArtifactDetector`) and corrects: an extra beat is deleted (its intervals
/// merge), a missed beat is inserted at the midpoint of the long interval, ectopic and long/short beats move to
/// the midpoint of their neighbours. Passes repeat while the number of artifacts found keeps falling.
/// Differences from NeuroKit2's `signal_fixpeaks(method="Kubios")`, on purpose: float times; the running median
/// shrinks at the ends instead of zero padding; an ectopic finding moves the beat at the junction of the short
/// and long interval; `|mRR| > 3` alone also opens the long/short test (as in the paper's flow chart);
/// thresholds are floored at `minimumThresholdMs`.
public struct ArtifactCorrector: Sendable {
    /// What happens to an interval that hides a missed beat (`mergedIntervalFix`).
    public enum MissedBeatHandling: Sendable, Equatable {
        /// Insert a beat at the midpoint (Kubios); its two half intervals count as NN intervals.
        case insertBeat
        /// Insert the beat for the detection passes, but leave both half intervals out of `correctedIntervals`
        /// (for when the waveform does not support the split).
        case dropInterval
    }

    /// Tuning constants (defaults: the paper's).
    public struct Parameters: Sendable, Equatable {
        /// Threshold multiplier α on the quartile deviation.
        public var alpha: Double = 5.2
        /// Slope c1 of the ectopic decision boundary.
        public var c1: Double = 0.13
        /// Offset c2 of the ectopic decision boundary.
        public var c2: Double = 0.17
        /// Width (beats) of the centred window for the thresholds.
        public var windowWidth: Int = 91
        /// Order of the running median (beats).
        public var medianFilterOrder: Int = 11
        /// Lower bound (ms) of both thresholds, so perfectly regular series do not divide by zero.
        public var minimumThresholdMs: Double = 10
        /// Fewest intervals for which detection runs (shorter runs are returned unchanged).
        public var minimumIntervals: Int = 4
        /// Safety cap on correction passes.
        public var maximumIterations: Int = 10
        /// Treatment of intervals hiding a missed beat.
        public var missedBeatHandling: MissedBeatHandling = .insertBeat

        /// The paper's parameters.
        public init() {}
    }

    /// Parameters in use.
    public let parameters: Parameters

    /// Creates a corrector.
    public init(parameters: Parameters = Parameters()) {
        self.parameters = parameters
    }

    /// Corrects several runs of beat times (s), e.g. split at signal gaps: each run separately, joined as
    /// described in `ArtifactCorrection.init(joining:)`.
    public func correct(beatTimeSegments: [[Double]]) -> ArtifactCorrection {
        ArtifactCorrection(joining: beatTimeSegments.map { correct(beatTimesS: $0) })
    }

    /// Corrects one contiguous run of beat times (s, increasing).
    public func correct(beatTimesS: [Double]) -> ArtifactCorrection {
        let detector = ArtifactDetector(parameters: parameters)
        var beats = beatTimesS.map { $0 * 1000 }
        var sources: [Int?] = beatTimesS.indices.map { $0 }
        var labels = [BeatLabel](repeating: .normal, count: beatTimesS.count)
        var counts = ArtifactCounts()
        var findings = detector.detect(intervalsMs: intervals(of: beats))
        let rawFlagged = beatTimesS.count > 1 ? Double(findings.total) / Double(beatTimesS.count - 1) : 0
        var iterations = 0
        while findings.total > 0 && iterations < parameters.maximumIterations {
            record(findings, sources: sources, labels: &labels, counts: &counts)
            (beats, sources) = apply(findings, to: beats, sources: sources)
            iterations += 1
            let next = detector.detect(intervalsMs: intervals(of: beats))
            guard next.total < findings.total else { break }
            findings = next
        }
        return ArtifactCorrection(
            correctedBeatTimesS: beats.map { $0 / 1000 }, sourceIndices: sources, labels: labels, counts: counts,
            rawFlaggedFraction: rawFlagged, rawBeatTimesS: beatTimesS, iterations: iterations,
            missedBeatHandling: parameters.missedBeatHandling)
    }

    private func intervals(of beats: [Double]) -> [Double] {
        zip(beats.dropFirst(), beats).map { $0 - $1 }
    }

    private func record(_ findings: ArtifactDetector.Findings, sources: [Int?], labels: inout [BeatLabel],
                        counts: inout ArtifactCounts) {
        func label(beat: Int, _ label: BeatLabel) {
            guard beat < sources.count, let source = sources[beat], labels[source] == .normal else { return }
            labels[source] = label
        }
        findings.ectopic.forEach { label(beat: $0, .ectopic) }
        findings.missed.forEach { label(beat: $0 + 1, .missed) }
        findings.extra.forEach { label(beat: $0 + 1, .extra) }
        findings.longShort.forEach { label(beat: $0 + 1, .longShort) }
        counts.ectopic += findings.ectopic.count
        counts.missed += findings.missed.count
        counts.extra += findings.extra.count
        counts.longShort += findings.longShort.count
    }

    /// Applies one pass in the order deletions, insertions, ectopic moves, long/short moves; each move uses the
    /// neighbours left by the previous stage (so a long/short beat next to an ectopic one sees the fixed beat).
    private func apply(_ findings: ArtifactDetector.Findings, to beats: [Double], sources: [Int?])
        -> ([Double], [Int?]) {
        enum Move { case ectopic, longShort }
        var moves = [Move?](repeating: nil, count: beats.count)
        findings.longShort.forEach { if $0 + 1 < beats.count { moves[$0 + 1] = .longShort } }
        findings.ectopic.forEach { moves[$0] = .ectopic }
        let deleted = Set(findings.extra.map { $0 + 1 })
        let insertedBefore = Set(findings.missed.map { $0 + 1 })
        var times: [Double] = [], origins: [Int?] = [], planned: [Move?] = []
        for beat in beats.indices {
            if insertedBefore.contains(beat) {
                times.append(0.5 * (beats[beat - 1] + beats[beat]))
                origins.append(nil)
                planned.append(nil)
            }
            if deleted.contains(beat) { continue }
            times.append(beats[beat])
            origins.append(sources[beat])
            planned.append(moves[beat])
        }
        for stage in [Move.ectopic, .longShort] {
            let before = times
            for index in times.indices.dropFirst().dropLast() where planned[index] == stage {
                times[index] = 0.5 * (before[index - 1] + before[index + 1])
            }
        }
        return (times, origins)
    }
}
