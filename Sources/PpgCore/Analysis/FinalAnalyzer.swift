import Glibc

/// The final analysis of a completed reading (ALGORITHMS §2): frames (+ optional accelerometer samples) → heart
/// rate, HRV, stress index, SD2/SD1, breathing rate, quality tier, flags and diagnostics, or "no heart rate".
///
/// Pure and deterministic: the same input gives the same result bit for bit.
public struct FinalAnalyzer: Sendable {
    /// Configuration switches.
    public var options: AnalysisOptions
    /// Beat extraction on the chosen channel.
    public var extractor = BeatExtractor()
    /// Quality windows.
    public var qualityMeter = QualityWindowMeter()
    /// Step between quality windows, seconds.
    public var qualityStepSeconds = 2.0

    /// Shortest reading analysed, seconds.
    public static let minimumDurationSeconds = 15.0
    /// Fewest accepted NN intervals for a heart rate.
    public static let minimumIntervals = 15
    /// Fewest valid beats for a trustworthy ("usable") heart rate (ALGORITHMS §2.10).
    public static let usableBeats = 30
    /// Largest beat/spectral heart-rate difference for a trustworthy heart rate, bpm.
    public static let spectralAgreementBpm = 5.0

    /// Creates an analyzer.
    public init(options: AnalysisOptions = AnalysisOptions()) {
        self.options = options
    }

    /// Analyses a reading.
    public func analyze(frames: [FrameSample], motion: [MotionSample] = []) -> Result<AnalysisResult, AnalysisError> {
        let signal = ReadingSignal(frames: frames)
        guard signal.duration >= Self.minimumDurationSeconds, signal.sampleRate > 0 else {
            return .failure(.noHeartRate(reasons: ["too_short"]))
        }
        let analyses = PulseChannel.allCases.map { analyzeChannel($0, signal: signal) }
        let choice = ChannelChoice(candidates: analyses.map(\.candidate))
        guard let chosen = analyses.first(where: { $0.candidate.channel == choice.channel }) else {
            return .failure(.noHeartRate(reasons: ["no_signal"]))
        }
        let beats = chosen.beats, evidence = chosen.evidence
        return assemble(signal: signal, choice: choice, beats: beats, evidence: evidence, motion: motion)
    }

    /// Beats, quality windows and choice figures of one channel.
    struct ChannelAnalysis {
        var candidate: ChannelChoice.Candidate
        var beats: [DetectedBeat]
        var evidence: ReadingEvidence
    }

    /// Extracts beats and measures quality on `channel` (ALGORITHMS §2.3: the choice compares channels).
    func analyzeChannel(_ channel: PulseChannel, signal: ReadingSignal) -> ChannelAnalysis {
        let values = signal.frames.map { channel.value(in: $0) }
        let extracted = (signal.rawSegments[channel] ?? []).enumerated().map { extractor.extract($1, segmentIndex: $0) }
        let beats = extracted.flatMap(\.beats)
        let pulses = extracted.map(\.pulse)
        let evidence = ReadingEvidence(windows: qualityWindows(signal: signal, pulses: pulses, beats: beats),
                                       spectrum: ReadingSignal.readingSpectrum(pulses))
        let clipped = Double(values.filter { $0 >= qualityMeter.clipLevel }.count) / Double(max(values.count, 1))
        let candidate = ChannelChoice.Candidate(channel: channel, dc: Statistics.mean(values) ?? 0,
                                                clippedFraction: clipped,
                                                score: evidence.spectral == nil ? nil : evidence.meanScore)
        return ChannelAnalysis(candidate: candidate, beats: beats, evidence: evidence)
    }

    /// Quality windows of `qualityMeter.windowSeconds` every `qualityStepSeconds` over the reading.
    func qualityWindows(signal: ReadingSignal, pulses: [UniformSegment], beats: [DetectedBeat]) -> [QualityWindow] {
        guard let first = signal.frames.first?.timestamp, let last = signal.frames.last?.timestamp else { return [] }
        let length = min(qualityMeter.windowSeconds, last - first)
        var windows: [QualityWindow] = []
        var start = first
        while start + length <= last + 1e-9 {
            windows.append(qualityMeter.measure(start: start, end: start + length, frames: signal.frames[...],
                                                pulses: pulses, beats: beats))
            start += qualityStepSeconds
        }
        return windows
    }

    private func assemble(signal: ReadingSignal, choice: ChannelChoice, beats: [DetectedBeat],
                          evidence: ReadingEvidence, motion: [MotionSample]) -> Result<AnalysisResult, AnalysisError> {
        let intervals = BeatIntervals(beats: beats)
        let cleaning = ProvisionalIntervalCleaning(intervalsMs: intervals.upstrokeMs)
        let nn = NormalIntervals(intervals: intervals, accepted: cleaning.accepted)
        var flags = evidence.flags(minimumAmplitude: options.minimumAmplitude)
        if choice.redUnusable { flags.append("clipped_red_used_\(choice.channel.rawValue)") }

        let discardRatio = intervals.count > 0
            ? Double(cleaning.accepted.filter { !$0 }.count) / Double(intervals.count) : 1
        if let reasons = noHeartRateReasons(evidence: evidence, nn: nn, discardRatio: discardRatio) {
            return .failure(.noHeartRate(reasons: reasons))
        }
        let metrics = HrvMetrics(series: nn.series)
        guard let beatRate = metrics.heartRateBpm, beatRate.isFinite else {
            return .failure(.noHeartRate(reasons: ["few_beats"]))
        }
        let gate = ProvisionalGate(metrics: metrics, intervals: intervals, accepted: cleaning.accepted,
                                   enabled: options.consistencyGate)
        flags += gate.vetoReasons.map { "gate_veto:" + $0 }

        let spectralRate = evidence.spectral?.heartRateBpm
        let agrees = spectralRate.map { abs($0 - beatRate) <= Self.spectralAgreementBpm } ?? false
        if !agrees { flags.append("hr_spectral_disagreement") }
        let usable = nn.count >= Self.usableBeats && agrees && !evidence.isDisturbed
        let clean = usable && evidence.qualityPassedFraction >= 0.9 && discardRatio <= 0.05 && !gate.vetoed
            && evidence.snrDb >= 6 && evidence.saturationFraction < 0.05
        let tier: QualityTier = clean ? .clean : usable ? .usable : .withheld
        let reportsHrv = tier == .clean || (tier == .usable && !gate.vetoed)
        if tier == .withheld && flags.isEmpty { flags.append("low_quality") }

        let breathing = breathingAnalysis(beats: beats, intervals: intervals, accepted: cleaning.accepted,
                                          signal: signal, motion: motion)
        var diagnostics = makeDiagnostics(signal: signal, choice: choice, evidence: evidence, metrics: metrics,
                                          gate: gate, intervals: intervals, cleaning: cleaning, beats: beats)
        diagnostics.discardRatio = discardRatio
        diagnostics.motionSamples = breathing.motionSamples
        diagnostics.rrMotionBrpm = breathing.motion?.brpm
        diagnostics.rrMotionConc = breathing.motion?.concentration
        diagnostics.breathingConfidenceScore = breathing.rate?.confidence

        let heartConfidence = evidence.meanScore * (agrees ? 1 : 0.5)
        return .success(AnalysisResult(
            durationSeconds: signal.duration, heartRateBpm: beatRate,
            rmssdMs: reportsHrv ? metrics.rmssd : nil, sdnnMs: reportsHrv ? metrics.sdnn : nil,
            baevskyStressIndex: reportsHrv ? BaevskyStressIndex(intervalsMs: nn.series.intervalsMs)?.value : nil,
            sd2sd1: reportsHrv ? metrics.sd2sd1 : nil,
            breathingRateBrpm: breathing.rate?.brpm, breathingRateConfidence: breathing.rate?.tier,
            confidence: reportsHrv ? heartConfidence * (1 - discardRatio) : heartConfidence,
            quality: tier, flags: flags, diagnostics: diagnostics))
    }

    /// Largest share of raw intervals the artifact step may reject before the beat series is not trusted at all.
    public static let maximumDiscardRatio = 0.5

    /// The reasons the reading has no trustworthy heart rate, or nil when it has one.
    func noHeartRateReasons(evidence: ReadingEvidence, nn: NormalIntervals, discardRatio: Double) -> [String]? {
        var reasons: [String] = []
        if discardRatio > Self.maximumDiscardRatio { reasons.append("irregular_beats") }
        if evidence.contactFraction < 0.5 { reasons.append("no_contact") }
        if evidence.qualityPassedFraction < 0.2 { reasons.append("no_pulse") }
        if nn.count < Self.minimumIntervals { reasons.append("few_beats") }
        return reasons.isEmpty ? nil : reasons
    }

    private func breathingAnalysis(beats: [DetectedBeat], intervals: BeatIntervals, accepted: [Bool],
                                   signal: ReadingSignal, motion: [MotionSample]) -> BreathingAnalysis {
        var intervalByBeat = [Double?](repeating: nil, count: beats.count)
        var validByBeat = [Bool](repeating: true, count: beats.count)
        for (position, beatIndex) in intervals.endBeatIndices.enumerated() {
            intervalByBeat[beatIndex] = accepted[position] ? intervals.upstrokeMs[position] : nil
            validByBeat[beatIndex] = accepted[position]
        }
        let input = BreathingInput(
            beats: beats.indices.map { BreathingBeat(time: beats[$0].time, intervalMs: intervalByBeat[$0],
                                                     amplitude: beats[$0].amplitude,
                                                     intensity: beats[$0].meanIntensity, isValid: validByBeat[$0]) },
            motion: motion, windowStart: signal.frames.first?.timestamp ?? 0,
            windowEnd: signal.frames.last?.timestamp ?? 0)
        return BreathingRateEstimator(configuration: BreathingConfiguration(motionBreathing: options.motionBreathing))
            .analyze(input)
    }

    private func makeDiagnostics(signal: ReadingSignal, choice: ChannelChoice, evidence: ReadingEvidence,
                                 metrics: HrvMetrics, gate: ProvisionalGate, intervals: BeatIntervals,
                                 cleaning: ProvisionalIntervalCleaning, beats: [DetectedBeat]) -> AnalysisDiagnostics {
        var diagnostics = AnalysisDiagnostics()
        diagnostics.effectiveFps = Int(signal.timing.measuredFps.rounded())
        diagnostics.channel = choice.channel
        diagnostics.signalQuality = Int((100 * evidence.meanScore).rounded())
        diagnostics.qualityPassedFraction = evidence.qualityPassedFraction
        diagnostics.saturationFrac = evidence.saturationFraction
        diagnostics.measuredFps = signal.timing.measuredFps
        diagnostics.frameIntervalCv = signal.timing.intervalCv
        diagnostics.frameGapCount = signal.timing.longIntervalCount
        diagnostics.amplitude = evidence.amplitude
        let dc = Statistics.mean(signal.frames.map { choice.channel.value(in: $0) }) ?? 0
        diagnostics.perfusionIndex = dc > 0 ? 100 * evidence.amplitude / dc : 0
        diagnostics.spectralConcentration = evidence.spectral?.concentration ?? 0
        diagnostics.snrDb = evidence.snrDb
        diagnostics.skewness = evidence.skewness
        diagnostics.templateCorrelation = Statistics.mean(beats.map(\.templateCorrelation)) ?? 0
        diagnostics.spectralHeartRateBpm = evidence.spectral?.heartRateBpm
        diagnostics.redDcMean = Statistics.mean(signal.frames.map(\.red)) ?? 0
        diagnostics.gateEnabled = options.consistencyGate
        diagnostics.gateMergedFixEnabled = options.mergedIntervalFix
        gate.record(into: &diagnostics)
        diagnostics.pnn50 = metrics.pnn50
        diagnostics.sd1Ms = metrics.sd1
        diagnostics.sd2Ms = metrics.sd2
        diagnostics.meanNnMs = metrics.meanNN
        diagnostics.estRmssdParabolic = metrics.rmssd
        diagnostics.estRmssdFixed = NormalIntervals(framePeaksOf: intervals, accepted: cleaning.accepted)
            .metrics.rmssd
        diagnostics.beats = beatRecords(beats: beats, intervals: intervals, cleaning: cleaning)
        return diagnostics
    }

    private func beatRecords(beats: [DetectedBeat], intervals: BeatIntervals,
                             cleaning: ProvisionalIntervalCleaning) -> [BeatRecord] {
        var records = beats.map { BeatRecord(time: $0.time, intervalMs: nil, label: "first", accepted: false) }
        for (position, beatIndex) in intervals.endBeatIndices.enumerated() {
            records[beatIndex].intervalMs = intervals.upstrokeMs[position]
            records[beatIndex].label = cleaning.labels[position]
            records[beatIndex].accepted = cleaning.accepted[position]
        }
        return records
    }
}
