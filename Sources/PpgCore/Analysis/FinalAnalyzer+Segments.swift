/// The clean part of a reading: a reading whose first seconds hold the finger being placed, or with a short
/// disturbance (a motion burst, a change of pressure), is withheld, fails, or is biased as a whole although most
/// of it is clean. It is analysed again on its consistent part instead: the reading with its start delayed, or
/// its end brought forward, in steps of `segmentTrimStepSeconds`, keeping at least `minimumSegmentSeconds`; or
/// the reading with its one disturbed stretch cut out (`disturbanceCut`: a gap, across which nothing is
/// measured, and no quality window overlapping it is measured); or, when a change of pressure has driven a channel
/// into clipping (or out of the light) for the rest of the reading, the stretch where it still has a usable level
/// (`levelRuns`: the rest holds no pulse in that channel). A part is taken only when it is consistent
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
    /// Flag of a result computed on a part shorter than `minimumSegmentSeconds`: heart rate and breathing only.
    public static let shortPartFlag = "hrv_withheld_short_segment"
    /// Shortest level run analysed on its own, seconds: the shortest reading (`minimumDurationSeconds`). Such a
    /// part must still bring the `usableBeats` beats of a usable heart rate; shorter than `minimumSegmentSeconds`
    /// it reports no HRV, and at most the `usable` tier.
    public static let minimumLevelRunSeconds = minimumDurationSeconds
    /// Largest share of the blocks outside a level run that may be lit: the rest of the reading must be held at
    /// the ceiling (or dark), as after a step into clipping, not a level that wanders about the clip level and
    /// breaks into short lit runs by chance.
    public static let maximumLitShareOutsideRun = 0.1
    /// Counts below a clipping channel's highest value within which a block's median is held at the ceiling.
    public static let ceilingMarginCounts = 1.0
    /// Length of the blocks in which a channel's level is judged, seconds.
    public static let levelBlockSeconds = 1.0

    /// A part of a reading: the frames within `span`, without those within `cut`.
    struct ReadingPart: Equatable {
        /// The sample times the part runs over, seconds.
        var span: ClosedRange<Double>
        /// The disturbed stretch left out of `span` (`disturbanceCut`); nil when the part keeps all of it.
        var cut: ClosedRange<Double>? = nil
        /// Whether the part is a channel's level run (`levelRuns`), which may be shorter than the other parts.
        var isLevelRun = false

        /// Fewest seconds the part must keep to be analysed.
        var minimumSeconds: Double { isLevelRun ? minimumLevelRunSeconds : minimumSegmentSeconds }
        /// Whether the part is too short for HRV (`shortPartFlag`).
        var isShort: Bool { keptSeconds < minimumSegmentSeconds - 1e-9 }

        /// Whether the part holds a frame stamped `time`.
        func keeps(_ time: Double) -> Bool { span.contains(time) && !(cut?.contains(time) ?? false) }

        /// The frames the part keeps, in order (what `filter` gives), counted first and written into an array
        /// of that size: no regrowth, no copies.
        func kept(_ frames: [FrameSample]) -> [FrameSample] {
            var count = 0
            for frame in frames where keeps(frame.timestamp) { count += 1 }
            var kept: [FrameSample] = []
            kept.reserveCapacity(count)
            for frame in frames where keeps(frame.timestamp) { kept.append(frame) }
            return kept
        }

        /// Seconds of the reading the part keeps.
        var keptSeconds: Double {
            let overlap = cut.map { min($0.upperBound, span.upperBound) - max($0.lowerBound, span.lowerBound) } ?? 0
            return span.upperBound - span.lowerBound - max(0, overlap)
        }
    }

    /// The best part's result when it beats `whole`; nil otherwise (and when `whole` is already consistent and timed by
    /// its beats). A whole reading answered only by its spectrum or its fold (`hr_source` spectral or fold) is replaced
    /// by any consistent part: the part's beats time the heart rate and give HRV, which the whole's noisy stretch
    /// withheld. Without one, such a whole with a disturbed stretch is answered by the reading without that stretch,
    /// whatever that gives (a failure included): the spectrum of the whole holds the disturbance's own rhythm (a hand
    /// shaking at 1–3 Hz, the filter ringing after a jump of the level), which may pose as a pulse the rest of the
    /// reading does not show. A level run without a consistent part answers a whole that failed, or earned a lower
    /// tier, whenever it earns at least `usable` (from its beats or its spectrum): the frames outside it hold no pulse
    /// in that channel, only its clipped (or dark) level. The whole and every part are measured once (`measureSpan`)
    /// and judged by their screening results; the part chosen is then completed from its measurement; `plans` lends the
    /// FFT plans.
    func consistentSegment(frames: [FrameSample], motion: [MotionSample], whole: SpanMeasurement,
                           plans: inout FourierPlans) -> Result<AnalysisResult, AnalysisError>? {
        let wholeResult = try? result(of: whole, screening: true).get()
        if let wholeResult, Self.isConsistent(wholeResult) { return nil }
        let wholeTier = wholeResult.map { Self.isFromBeats($0) ? $0.quality.rawValue : 0 } ?? 0
        guard let first = frames.first?.timestamp, let last = frames.last?.timestamp else { return nil }
        let channels = wholeResult.map { [$0.diagnostics.channel] } ?? PulseChannel.allCases
        let cuts = channels.compactMap { disturbanceCut(whole, channel: $0) }
        var parts = Self.segmentCandidates(first: first, last: last).map { ReadingPart(span: $0) }
        for cut in cuts where !parts.contains(ReadingPart(span: first...last, cut: cut)) {
            parts.append(ReadingPart(span: first...last, cut: cut))
        }
        for run in levelRuns(frames: frames) where !parts.contains(where: { $0.span == run && $0.cut == nil }) {
            parts.append(ReadingPart(span: run, isLevelRun: true))
        }
        var best: TriedPart?
        var firstCut: (part: ReadingPart, measurement: SpanMeasurement)?
        var bestLevelRun: TriedPart?
        for part in parts where part.keptSeconds >= part.minimumSeconds - 1e-9 {
            // A clean part is beaten only by one that keeps more of the reading.
            if let best, best.result.quality == .clean, !(part.keptSeconds > best.part.keptSeconds + 1e-6) { continue }
            let measurement = measure(part, frames: frames, motion: motion, plans: &plans)
            let outcome = result(of: measurement, screening: true)
            if part.cut != nil, firstCut == nil { firstCut = (part, measurement) }
            guard case .success(let result) = outcome else { continue }
            let tried = TriedPart(result: result, part: part, measurement: measurement)
            if part.isLevelRun, bestLevelRun.map({ tried.isBetter(than: $0) }) ?? true { bestLevelRun = tried }
            guard Self.isConsistent(result) else { continue }
            if best.map({ tried.isBetter(than: $0) }) ?? true { best = tried }
        }
        var answer: (part: ReadingPart, measurement: SpanMeasurement)?
        if let chosen = best, chosen.result.quality.rawValue >= wholeTier {
            answer = (chosen.part, chosen.measurement)
        } else if let run = bestLevelRun, run.result.quality.rawValue >= QualityTier.usable.rawValue,
                  run.result.quality.rawValue > (wholeResult?.quality.rawValue ?? 0) {
            answer = (run.part, run.measurement)
        } else if let wholeResult, !Self.isFromBeats(wholeResult), let firstCut {
            answer = firstCut
        }
        guard let answer else { return nil }
        return result(of: answer.measurement, screening: false).map { Self.marked($0, part: answer.part) }
    }

    /// A part tried, its screening result and its measurement (from which its complete result is assembled when
    /// it is chosen).
    struct TriedPart {
        /// The part's screening result.
        var result: AnalysisResult
        /// The part tried.
        var part: ReadingPart
        /// The part measured as a reading of its own (`measure`).
        var measurement: SpanMeasurement

        /// Whether this part's result is better than `other`'s (`FinalAnalyzer.isBetter`).
        func isBetter(than other: TriedPart) -> Bool {
            FinalAnalyzer.isBetter(result, part, than: other.result, other.part)
        }
    }

    /// `part` of the reading measured as a reading of its own (`measureSpan`).
    func measure(_ part: ReadingPart, frames: [FrameSample], motion: [MotionSample],
                 plans: inout FourierPlans) -> SpanMeasurement {
        measureSpan(frames: part.kept(frames),
                    motion: motion.filter { part.keeps($0.timestamp) }, cut: part.cut, reportsHrv: !part.isShort,
                    plans: &plans)
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
        if part.isShort { result.flags.append(shortPartFlag) }
        return result
    }

    /// The level runs tried: for each channel whose level over the whole reading is not usable
    /// (`ChannelChoice.hasUsableLevel`: clipped or dark) the longest run of `levelBlockSeconds` blocks in which it
    /// is lit but not held at the clip level (`isLit`), when that run is at least `minimumLevelRunSeconds` long
    /// and the channel is lit in at most `maximumLitShareOutsideRun` of the other blocks; an end of the run that
    /// borders another block is brought in by `cutMarginSeconds` (the step into clipping).
    /// A change of pressure that drives a torch-lit red channel into clipping for the rest of the reading leaves
    /// its pulse only in such a run.
    /// None for a reading longer than `maximumDurationSeconds` (the whole of it is refused as too long).
    func levelRuns(frames: [FrameSample]) -> [ClosedRange<Double>] {
        guard let first = frames.first?.timestamp, let last = frames.last?.timestamp, last > first,
              last - first <= Self.maximumDurationSeconds else { return [] }
        let blockCount = Int(((last - first) / Self.levelBlockSeconds).rounded(.up))
        var runs: [ClosedRange<Double>] = []
        for channel in PulseChannel.allCases {
            let values = frames.map { channel.value(in: $0) }
            guard !ChannelChoice.hasUsableLevel(Self.level(of: values[...], clipLevel: qualityMeter.clipLevel))
            else { continue }
            let ceiling = values.max() ?? 0
            var usable = [Bool](repeating: false, count: blockCount)
            var start = 0
            for block in 0..<blockCount {
                let end = block + 1 == blockCount ? frames.count : frames[start...].firstIndex {
                    $0.timestamp >= first + Double(block + 1) * Self.levelBlockSeconds
                } ?? frames.count
                usable[block] = end > start && Self.isLit(values[start..<end], ceiling: ceiling,
                                                          clipLevel: qualityMeter.clipLevel)
                start = end
            }
            guard let longest = Self.longestRun(usable) else { continue }
            let outside = blockCount - longest.count
            let litOutside = usable.filter { $0 }.count - longest.count
            guard outside > 0, Double(litOutside) <= Self.maximumLitShareOutsideRun * Double(outside) else { continue }
            let lower = longest.lowerBound == 0 ? first
                : first + Double(longest.lowerBound) * Self.levelBlockSeconds + Self.cutMarginSeconds
            let upper = longest.upperBound == blockCount ? last
                : first + Double(longest.upperBound) * Self.levelBlockSeconds - Self.cutMarginSeconds
            if upper - lower >= Self.minimumLevelRunSeconds - 1e-9, !runs.contains(lower...upper) {
                runs.append(lower...upper)
            }
        }
        return runs
    }

    /// Whether a block of a channel's values is lit and not held at the ceiling: its median is above the 20 counts
    /// of a lit channel (`ChannelChoice.hasUsableLevel`) and, when the reading's highest value `ceiling` is at or
    /// above `clipLevel` (the channel clips), more than `ceilingMarginCounts` below it. The median, and the
    /// ceiling rather than `clipLevel`, so that a red channel near 250 whose pulse touches the clip level now and
    /// then is not broken into short runs, while after a step into clipping the median sits at the ceiling.
    static func isLit(_ values: ArraySlice<Double>, ceiling: Double, clipLevel: Double) -> Bool {
        guard let median = Statistics.median(Array(values)),
              ChannelChoice.hasUsableLevel((dc: median, clipped: 0)) || median >= clipLevel else { return false }
        return ceiling < clipLevel || median < ceiling - ceilingMarginCounts
    }

    /// Mean (0 without values) and share of values at or above `clipLevel`, in one pass: the mean's sum in the
    /// order of `Statistics.mean`.
    static func level(of values: some Collection<Double>, clipLevel: Double) -> (dc: Double, clipped: Double) {
        var sum = 0.0, clipped = 0
        for value in values {
            sum += value
            if value >= clipLevel { clipped += 1 }
        }
        return (values.isEmpty ? 0 : sum / Double(values.count), Double(clipped) / Double(max(values.count, 1)))
    }

    /// The longest run of `true` (the first of equal ones), as a half-open index range; nil without one.
    static func longestRun(_ flags: [Bool]) -> Range<Int>? {
        var best: Range<Int>?
        var start: Int?
        for index in 0...flags.count {
            if index < flags.count, flags[index] {
                if start == nil { start = index }
            } else if let runStart = start {
                if (best?.count ?? 0) < index - runStart { best = runStart..<index }
                start = nil
            }
        }
        return best
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

    /// The one stretch of `channel` to cut out of the measured reading `whole`: its disturbed blocks
    /// (`DisturbanceDetector` on the band-passed pulse, the one the channel's analysis found its beats on, and the
    /// accelerometer) with `cutMarginSeconds` on either side, when there are any and they all lie within
    /// `maximumCutSeconds`; nil otherwise (and at a frame rate the beat extractor does not support).
    func disturbanceCut(_ whole: SpanMeasurement, channel: PulseChannel) -> ClosedRange<Double>? {
        let signal = whole.signal
        guard signal.sampleRate > 0, extractor.supports(sampleRate: signal.sampleRate) else { return nil }
        let pulses = whole.analyses.first { $0.candidate.channel == channel }?.pulses
            ?? signal.rawSegments(of: channel).map { extractor.pulseWaveform($0) }
        let detector = DisturbanceDetector()
        let starts = detector.disturbedBlockStarts(pulses: pulses, motion: whole.motion)
        guard let firstBlock = starts.first, let lastBlock = starts.last else { return nil }
        let cut = (firstBlock - Self.cutMarginSeconds)...(lastBlock + detector.blockSeconds + Self.cutMarginSeconds)
        return cut.upperBound - cut.lowerBound <= Self.maximumCutSeconds + 1e-9 ? cut : nil
    }

    /// Whether the heart rate of `result` comes from its beats (not from the spectrum or the fold alone).
    static func isFromBeats(_ result: AnalysisResult) -> Bool { result.diagnostics.hrSource == .beats }

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
