/// The clean part of a reading: a reading whose first seconds hold the finger being placed, or with a short
/// disturbance (a motion burst, a change of pressure), is withheld, fails, or is biased as a whole although most
/// of it is clean. It is analysed again on its consistent part instead: the reading with its start delayed, or
/// its end brought forward, in steps of `segmentTrimStepSeconds`, keeping at least `minimumSegmentSeconds`; or
/// the reading with its one disturbed stretch cut out (`disturbanceCut`: a gap, across which nothing is
/// measured, and no quality window overlapping it is measured). A part is taken only when it is consistent
/// throughout (at least `segmentPassedFraction` of its quality windows pass and nothing flags motion or a
/// missing pulse in it), its heart rate comes from its beats, and it earns at least the whole's
/// tier and at least `usable`. Every part also passes the same gates as a whole reading, so a signal without a
/// pulse still yields no heart rate.
extension FinalAnalyzer {
    /// Shortest part of a reading analysed on its own, seconds (a cut part: the seconds it keeps).
    public static let minimumSegmentSeconds = 40.0
    /// Step by which the start is delayed or the end brought forward, seconds.
    public static let segmentTrimStepSeconds = 5.0
    /// Most steps by which either end is trimmed: a part leaves out at most 20 s, the time a finger takes to
    /// settle or a short disturbance lasts (and a reading with glitched timestamps is not scanned step by step).
    public static let maximumTrimSteps = 4
    /// Smallest share of a part's quality windows that must pass.
    public static let segmentPassedFraction = 0.9
    /// Longest stretch cut out of a reading, seconds: a motion burst or the settling after a change of pressure
    /// lasts a few seconds, and the 2 s blocks around it that a real reading's own unrest flags widen its stretch
    /// by a block or two; disturbances spread wider than this leave no consistent reading (a 60 s reading keeps
    /// at least 45 s).
    public static let maximumCutSeconds = 15.0
    /// Margin cut on either side of the disturbed blocks, seconds: the band-pass filter's response to a jump of
    /// the level reaches about this far beyond it.
    public static let cutMarginSeconds = 1.0
    /// Flags that disqualify a part: it is not consistent. (A window without pulse or contact is already one of
    /// the failing windows `segmentPassedFraction` bounds.)
    static let inconsistentFlags: Set<String> = ["motion", "no_pulse"]
    /// Flag of a result computed on a part of the reading (`analysed_segment_start_s`/`_end_s` say which).
    public static let segmentFlag = "analysed_segment"
    /// Flag of a result computed without a disturbed stretch (`analysed_cut_start_s`/`_end_s` say which).
    public static let cutFlag = "analysed_without_disturbance"

    /// A part of a reading: the frames within `span`, without those within `cut`.
    struct ReadingPart: Equatable {
        var span: ClosedRange<Double>
        var cut: ClosedRange<Double>?

        /// Whether the part holds a frame stamped `time`.
        func keeps(_ time: Double) -> Bool { span.contains(time) && !(cut?.contains(time) ?? false) }

        /// Seconds of the reading the part keeps.
        var keptSeconds: Double {
            let overlap = cut.map { min($0.upperBound, span.upperBound) - max($0.lowerBound, span.lowerBound) } ?? 0
            return span.upperBound - span.lowerBound - max(0, overlap)
        }
    }

    /// The best part's result when it beats `whole`; nil otherwise (and when `whole` is already consistent and
    /// timed by its beats). A whole reading answered only by its spectrum (`hr_source` spectral) is replaced by
    /// any consistent part: the part's beats time the heart rate and give HRV, which the whole's noisy stretch
    /// withheld. Without one, such a whole with a disturbed stretch is answered by the reading without that
    /// stretch, whatever that gives (a failure included): the spectrum of the whole holds the disturbance's own
    /// rhythm (a hand shaking at 1–3 Hz, the filter ringing after a jump of the level), which may pose as a
    /// pulse the rest of the reading does not show.
    func consistentSegment(frames: [FrameSample], motion: [MotionSample],
                           whole: Result<AnalysisResult, AnalysisError>) -> Result<AnalysisResult, AnalysisError>? {
        let wholeResult = try? whole.get()
        if let wholeResult, Self.isConsistent(wholeResult) { return nil }
        let wholeTier = wholeResult.map { Self.isFromBeats($0) ? $0.quality.rawValue : 0 } ?? 0
        guard let first = frames.first?.timestamp, let last = frames.last?.timestamp else { return nil }
        let channels = wholeResult.map { [$0.diagnostics.channel] } ?? PulseChannel.allCases
        let cuts = channels.compactMap { disturbanceCut(frames: frames, motion: motion, channel: $0) }
        var parts = Self.segmentCandidates(first: first, last: last).map { ReadingPart(span: $0) }
        for cut in cuts where !parts.contains(ReadingPart(span: first...last, cut: cut)) {
            parts.append(ReadingPart(span: first...last, cut: cut))
        }
        var best: (result: AnalysisResult, part: ReadingPart)?
        var firstCut: (outcome: Result<AnalysisResult, AnalysisError>, part: ReadingPart)?
        for part in parts where part.keptSeconds >= Self.minimumSegmentSeconds - 1e-9 {
            let outcome = analyzeSpan(frames: frames.filter { part.keeps($0.timestamp) },
                                      motion: motion.filter { part.keeps($0.timestamp) }, cut: part.cut)
            if part.cut != nil, firstCut == nil { firstCut = (outcome, part) }
            guard case .success(let result) = outcome, Self.isConsistent(result) else { continue }
            if best.map({ Self.isBetter(result, part, than: $0.result, $0.part) }) ?? true { best = (result, part) }
        }
        if let chosen = best, chosen.result.quality.rawValue >= wholeTier {
            return .success(Self.marked(chosen.result, part: chosen.part))
        }
        if let wholeResult, !Self.isFromBeats(wholeResult), let (outcome, part) = firstCut {
            return outcome.map { Self.marked($0, part: part) }
        }
        return nil
    }

    /// `result` with the flag and diagnostics that say which part of the reading it describes.
    static func marked(_ result: AnalysisResult, part: ReadingPart) -> AnalysisResult {
        var result = result
        if let cut = part.cut {
            result.flags.append(cutFlag)
            result.diagnostics.analysedCutStart = cut.lowerBound
            result.diagnostics.analysedCutEnd = cut.upperBound
        } else {
            result.flags.append(segmentFlag)
            result.diagnostics.analysedSegmentStart = part.span.lowerBound
            result.diagnostics.analysedSegmentEnd = part.span.upperBound
        }
        return result
    }

    /// The spans tried, in order: the start delayed by 1, 2, … (at most `maximumTrimSteps`) steps, then the end
    /// brought forward likewise, each at least `minimumSegmentSeconds` long.
    static func segmentCandidates(first: Double, last: Double) -> [ClosedRange<Double>] {
        let spare = last - first - minimumSegmentSeconds
        guard spare.isFinite, spare >= segmentTrimStepSeconds else { return [] }
        let steps = Int(min(spare / segmentTrimStepSeconds, Double(maximumTrimSteps)))
        let trims = (1...steps).map { Double($0) * segmentTrimStepSeconds }
        return trims.map { (first + $0)...last } + trims.map { first...(last - $0) }
    }

    /// The one stretch of `channel` to cut out: its disturbed blocks (`DisturbanceDetector` on the band-passed
    /// pulse and the accelerometer) with `cutMarginSeconds` on either side, when there are any and they all lie
    /// within `maximumCutSeconds`; nil otherwise (and at a frame rate the beat extractor does not support).
    func disturbanceCut(frames: [FrameSample], motion: [MotionSample],
                        channel: PulseChannel) -> ClosedRange<Double>? {
        let signal = ReadingSignal(frames: frames)
        guard signal.sampleRate > 0, extractor.supports(sampleRate: signal.sampleRate) else { return nil }
        let pulses = signal.rawSegments(of: channel).map { extractor.pulseWaveform($0) }
        let detector = DisturbanceDetector()
        let starts = detector.disturbedBlockStarts(pulses: pulses, motion: motion)
        guard let firstBlock = starts.first, let lastBlock = starts.last else { return nil }
        let cut = (firstBlock - Self.cutMarginSeconds)...(lastBlock + detector.blockSeconds + Self.cutMarginSeconds)
        return cut.upperBound - cut.lowerBound <= Self.maximumCutSeconds + 1e-9 ? cut : nil
    }

    /// Whether the heart rate of `result` comes from its beats (not from the spectrum alone).
    static func isFromBeats(_ result: AnalysisResult) -> Bool { result.diagnostics.hrSource == beatsSource }

    /// At least `usable` from its beats, with `segmentPassedFraction` of its quality windows passing and no
    /// inconsistency flag.
    static func isConsistent(_ result: AnalysisResult) -> Bool {
        isFromBeats(result) && result.quality.rawValue >= QualityTier.usable.rawValue
            && result.diagnostics.qualityPassedFraction >= segmentPassedFraction
            && result.flags.allSatisfy { !inconsistentFlags.contains($0) }
    }

    /// Higher tier first, then the part that keeps more of the reading (the earlier candidate wins ties).
    static func isBetter(_ result: AnalysisResult, _ part: ReadingPart, than other: AnalysisResult,
                         _ otherPart: ReadingPart) -> Bool {
        if result.quality != other.quality { return result.quality.rawValue > other.quality.rawValue }
        return part.keptSeconds > otherPart.keptSeconds + 1e-6
    }
}
