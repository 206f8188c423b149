/// The clean part of a reading: a reading whose first seconds hold the finger being placed, or with a short
/// disturbance near an end, is withheld or fails as a whole although most of it is clean. It is analysed again
/// on its consistent part instead: the reading with its start delayed, or its end brought forward, in steps of
/// `segmentTrimStepSeconds`, keeping at least `minimumSegmentSeconds`. A part is taken only when it earns a
/// better tier than the whole, at least `usable`, and is consistent throughout: at least
/// `segmentPassedFraction` of its quality windows pass and nothing flags a weak signal, lost contact or motion
/// in it. Every part also passes the same gates as a whole reading, so a signal without a pulse still yields no
/// heart rate.
extension FinalAnalyzer {
    /// Shortest part of a reading analysed on its own, seconds.
    public static let minimumSegmentSeconds = 40.0
    /// Step by which the start is delayed or the end brought forward, seconds.
    public static let segmentTrimStepSeconds = 5.0
    /// Most steps by which either end is trimmed: a part leaves out at most 20 s, the time a finger takes to
    /// settle or a short disturbance lasts (and a reading with glitched timestamps is not scanned step by step).
    public static let maximumTrimSteps = 4
    /// Smallest share of a part's quality windows that must pass.
    public static let segmentPassedFraction = 0.9
    /// Flags that disqualify a part: it is not consistent.
    static let inconsistentFlags: Set<String> = ["weak_signal", "no_contact", "motion", "no_pulse"]
    /// Flag of a result computed on a part of the reading (`analysed_segment_start_s`/`_end_s` say which).
    public static let segmentFlag = "analysed_segment"

    /// The best part's result when it beats `whole`; nil otherwise (and when `whole` is already usable from its
    /// beats). A whole reading answered only by its spectrum (`hr_source` spectral) is replaced by any consistent
    /// part: the part's beats time the heart rate and give HRV, which the whole's noisy stretch withheld.
    func consistentSegment(frames: [FrameSample], motion: [MotionSample],
                           whole: Result<AnalysisResult, AnalysisError>) -> AnalysisResult? {
        let wholeResult = try? whole.get()
        let wholeFromBeats = wholeResult.map { Self.isFromBeats($0) } ?? false
        let wholeTier = wholeFromBeats ? wholeResult?.quality.rawValue ?? 0 : 0
        guard wholeTier < QualityTier.usable.rawValue, let first = frames.first?.timestamp,
              let last = frames.last?.timestamp else { return nil }
        var best: (result: AnalysisResult, span: ClosedRange<Double>)?
        for span in Self.segmentCandidates(first: first, last: last) {
            let part = frames.filter { span.contains($0.timestamp) }
            guard case .success(let result) = analyzeSpan(
                frames: part, motion: motion.filter { span.contains($0.timestamp) }),
                Self.isConsistent(result) else { continue }
            if best.map({ Self.isBetter(result, span, than: $0.result, $0.span) }) ?? true { best = (result, span) }
        }
        guard var chosen = best else { return nil }
        chosen.result.flags.append(Self.segmentFlag)
        chosen.result.diagnostics.analysedSegmentStart = chosen.span.lowerBound
        chosen.result.diagnostics.analysedSegmentEnd = chosen.span.upperBound
        return chosen.result
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

    /// Whether the heart rate of `result` comes from its beats (not from the spectrum alone).
    static func isFromBeats(_ result: AnalysisResult) -> Bool { result.diagnostics.hrSource == beatsSource }

    /// At least `usable` from its beats, with `segmentPassedFraction` of its quality windows passing and no
    /// inconsistency flag.
    static func isConsistent(_ result: AnalysisResult) -> Bool {
        isFromBeats(result) && result.quality.rawValue >= QualityTier.usable.rawValue
            && result.diagnostics.qualityPassedFraction >= segmentPassedFraction
            && result.flags.allSatisfy { !inconsistentFlags.contains($0) }
    }

    /// Higher tier first, then the longer span (the earlier candidate wins ties).
    static func isBetter(_ result: AnalysisResult, _ span: ClosedRange<Double>, than other: AnalysisResult,
                         _ otherSpan: ClosedRange<Double>) -> Bool {
        if result.quality != other.quality { return result.quality.rawValue > other.quality.rawValue }
        return span.upperBound - span.lowerBound > otherSpan.upperBound - otherSpan.lowerBound
    }
}
