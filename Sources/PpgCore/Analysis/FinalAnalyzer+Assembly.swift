/// Assembly of a result: what the chosen channel's beat train says, the heart rate that answers (the beats, or the
/// spectrum or fold in their place, half and double rates ruled out), its quality tier, and the result's metrics,
/// breathing and diagnostics.
extension FinalAnalyzer {
    /// What a channel's beat train says by itself: its NN metrics, the reasons it cannot give a heart rate alone,
    /// and whether its rate agrees with the spectrum (or with the rate vouched for).
    struct BeatTrainVerdict {
        /// HRV metrics of the normal (NN) intervals.
        let metrics: HrvMetrics
        /// The normal intervals themselves.
        let normalIntervals: IntervalSeries
        /// Reasons against a heart rate from the NN series (`noHeartRateReasons`, `few_beats`, `hr_disagreement`,
        /// `too_regular`), in that order.
        let reasons: [String]
        /// The train's rate agrees with the spectrum's within `spectralAgreementBpm`, or with a vouched rate
        /// within `refitAgreementBpm`.
        let agrees: Bool

        /// The NN series' heart rate, bpm (0 without one).
        var rateBpm: Double { metrics.heartRateBpm ?? 0 }
        /// `usableBeats` normal intervals at least, agreeing: a rate that may be `usable` by itself.
        var isTrustworthy: Bool { normalIntervals.count >= FinalAnalyzer.usableBeats && agrees }
    }

    /// The heart rate a result reports and where it comes from.
    struct HeartRateAnswer {
        /// The rate, bpm.
        var rateBpm: Double
        /// Where the rate comes from: the NN series, the spectrum or the fold.
        var source: HeartRateSource
        /// The rate is the NN series' own (not the spectrum's or the fold's).
        var fromBeats: Bool { source == .beats }
        /// Rates the evidence could not rule out beside `rateBpm` (empty when it did).
        var rivals: [Double]
        /// The channel whose beats, spectrum or fold gave the rate, which may not be the channel chosen for the
        /// beats.
        let channel: PulseChannel
        /// The beat train that confirmed a spectral rate (`spectralFallback`), fitted to its period; nil for the
        /// other sources.
        var confirmingTrain: FittedBeatTrain? = nil
    }

    /// The result of the selected channel's beats (or of the rate its spectrum or fold gives instead). A spectral
    /// or folded rate that rules out its rivals is first tried on the beats of the channel that gave it, found
    /// again at its period (`refittedResult`), which answer in its place when they agree with it and earn at least
    /// its tier. Those beats are assembled with `vouchedRateBpm`, that rate: their heart rate must agree with it
    /// within `refitAgreementBpm` (rather than with the reading's spectral peak, which a tall dicrotic wave may put
    /// at twice the rate), and they are not found again.
    func assemble(signal: ReadingSignal, selection: ChannelSelection, motion: [MotionSample], hrvAllowed: Bool,
                  screening: Bool, vouchedRateBpm: Double? = nil) -> Result<AnalysisResult, AnalysisError> {
        let evidence = selection.chosen.evidence
        var flags = evidence.flags(minimumAmplitude: options.minimumAmplitude)
        guard let intervals = selection.intervals else {
            return .failure(.noHeartRate(reasons: Self.merged(
                noHeartRateReasons(evidence: evidence, irregularFraction: 0) + ["few_beats"], flags)))
        }
        let train = beatTrainVerdict(intervals: intervals, evidence: evidence, vouchedRateBpm: vouchedRateBpm)
        var answer = fallbackAnswer(train: train, selection: selection, signal: signal)
        guard train.reasons.isEmpty || !answer.fromBeats, answer.rateBpm > 0, answer.rateBpm.isFinite else {
            return .failure(.noHeartRate(reasons: Self.merged(train.reasons.isEmpty ? ["few_beats"] : train.reasons,
                                                              flags)))
        }
        if selection.choice.redUnusable && answer.channel != .red {
            flags.append("clipped_red_used_\(answer.channel.rawValue)")
        }
        flags += (intervals.gate?.vetoReasons ?? []).map { "gate_veto:" + $0.rawValue }
        if !train.agrees && answer.fromBeats { flags.append("hr_spectral_disagreement") }

        let measured = [selection.spectral, selection.chosen].compactMap { $0 }
        let answeringAnalysis = measured.first { $0.candidate.channel == answer.channel }
        if vouchedRateBpm == nil, answer.rivals.isEmpty, !evidence.isDisturbed,
           !answer.fromBeats || train.isTrustworthy {
            let check = halfRateCheck(rateBpm: answer.rateBpm, channel: answer.channel, analyses: measured,
                                      signal: signal)
            if let halved = check.halved {
                answer.rateBpm = halved
                answer.source = .fold
            }
            if let half = check.rival, let source = answeringAnalysis,
               let refitted = refittedResult(rateBpm: half, signal: signal, selection: selection, source: source,
                                             spectral: nil, motion: motion, hrvAllowed: hrvAllowed,
                                             screening: screening), refitted.quality != .withheld {
                return .success(refitted)
            }
            answer.rivals = check.rival.map { [$0] } ?? []
            if answer.rivals.isEmpty, check.halved == nil,
               let half = shapelessHalfRival(rateBpm: answer.rateBpm, channel: answer.channel, analyses: measured,
                                             signal: signal) {
                answer.rivals = [half]
            }
            if answer.rivals.isEmpty, check.halved == nil,
               let third = shapelessThirdRival(rateBpm: answer.rateBpm, channel: answer.channel, analyses: measured,
                                               signal: signal) {
                answer.rivals = [third]
            }
        }
        if answer.source == .spectral, answer.rivals.isEmpty, let confirming = answer.confirmingTrain,
           let rival = offCentreRival(of: confirming) {
            answer.rivals = [rival]
        }
        if !answer.rivals.isEmpty { flags.append(Self.ambiguousRateFlag) }
        let usable = (!answer.fromBeats || train.isTrustworthy) && answer.rivals.isEmpty && !evidence.isDisturbed
        let tier = Self.tier(usable: usable, hrvFromBeats: hrvAllowed && answer.fromBeats, evidence: evidence,
                             intervals: intervals)
        if vouchedRateBpm == nil, !answer.fromBeats, answer.rivals.isEmpty, let source = answeringAnalysis,
           let refitted = refittedResult(rateBpm: answer.rateBpm, signal: signal, selection: selection, source: source,
                                         spectral: selection.spectral, motion: motion, hrvAllowed: hrvAllowed,
                                         screening: screening), refitted.quality.rawValue >= tier.rawValue {
            return .success(refitted)
        }
        if tier == .withheld && flags.isEmpty { flags.append("low_quality") }
        return .success(result(reporting: answer, train: train, tier: tier, flags: flags, selection: selection,
                               intervals: intervals, signal: signal, motion: motion, hrvAllowed: hrvAllowed,
                               screening: screening))
    }

    /// The verdict of the beat train whose corrected intervals are `intervals`; `vouchedRateBpm` as in `assemble`.
    func beatTrainVerdict(intervals: IntervalAnalysis, evidence: ReadingEvidence,
                          vouchedRateBpm: Double?) -> BeatTrainVerdict {
        let nn = intervals.normalIntervals
        var reasons = noHeartRateReasons(evidence: evidence, irregularFraction: intervals.irregularFraction)
        if nn.count < Self.minimumIntervals { reasons.append("few_beats") }
        let metrics = HrvMetrics(series: nn)
        let beatRate = metrics.heartRateBpm ?? 0
        let agrees = vouchedRateBpm.map { abs(beatRate - $0) <= Self.refitAgreementBpm }
            ?? evidence.spectralAgreement(withBeatRate: beatRate, toleranceBpm: Self.spectralAgreementBpm)
        if !agrees && (evidence.qualityPassedFraction < Self.disagreementQualityPassedFraction
                       || (vouchedRateBpm == nil && intervals.vetoed)) {
            reasons.append("hr_disagreement")
        }
        if let sdnn = metrics.sdnn, let meanNN = metrics.meanNN, sdnn < Self.minimumVariation * meanNN {
            reasons.append("too_regular")
        }
        return BeatTrainVerdict(metrics: metrics, normalIntervals: nn, reasons: reasons, agrees: agrees)
    }

    /// The answer before the half-rate check: the spectral rate confirmed by its beat train (`spectralFallback`),
    /// else the fold's (`foldedFallback`), else the beat train's own. A confirmed spectral rate comes with the
    /// rivals its spectrum could not rule out (`rivalRates`), unless the fold settles among them.
    func fallbackAnswer(train: BeatTrainVerdict, selection: ChannelSelection,
                        signal: ReadingSignal) -> HeartRateAnswer {
        let spectral = selection.spectral
        if let confirmed = spectralFallback(spectral, reasons: train.reasons,
                                            beatRate: train.isTrustworthy ? train.rateBpm : nil) {
            var answer = HeartRateAnswer(rateBpm: confirmed.rateBpm, source: .spectral, rivals: [],
                                         channel: spectral?.candidate.channel ?? selection.choice.channel,
                                         confirmingTrain: confirmed.train)
            if let spectral, let rate = spectral.spectralRate {
                answer.rivals = Self.rivalRates(of: confirmed.rateBpm, rate: rate, pulses: spectral.pulses,
                                                extractor: extractor)
                if !answer.rivals.isEmpty,
                   let settled = FoldedRate.settled(among: [confirmed.rateBpm] + answer.rivals, pulses: spectral.pulses,
                                                    channel: spectral.candidate.channel) {
                    answer.rateBpm = settled.rateBpm
                    answer.source = .fold
                    answer.rivals = []
                    answer.confirmingTrain = nil
                }
            }
            return answer
        }
        if let folded = foldedFallback(signal: signal, reasons: train.reasons) {
            return HeartRateAnswer(rateBpm: folded.rateBpm, source: .fold, rivals: [], channel: folded.channel)
        }
        return HeartRateAnswer(rateBpm: train.rateBpm, source: .beats, rivals: [], channel: selection.choice.channel)
    }

    /// The result reporting `answer` at `tier`: HRV only from beats at `clean` (or `usable` without a gate veto)
    /// when `hrvAllowed`; breathing, the noise-corrected RMSSD and the per-beat records unless `screening`.
    func result(reporting answer: HeartRateAnswer, train: BeatTrainVerdict, tier: QualityTier, flags: [String],
                selection: ChannelSelection, intervals: IntervalAnalysis, signal: ReadingSignal,
                motion: [MotionSample], hrvAllowed: Bool, screening: Bool) -> AnalysisResult {
        let channel = selection.chosen, beats = channel.beats, metrics = train.metrics
        let reportsHrv = hrvAllowed && answer.fromBeats && (tier == .clean || (tier == .usable && !intervals.vetoed))
        let breathing = screening ? BreathingAnalysis(rate: nil, camera: nil, motion: nil, motionSamples: 0)
            : breathingAnalysis(beats: beats, intervals: intervals, signal: signal, motion: motion)
        var diagnostics = makeDiagnostics(signal: signal, selection: selection, metrics: metrics,
                                          intervals: intervals)
        diagnostics.motionSamples = breathing.motionSamples
        diagnostics.rrMotionBrpm = breathing.motion?.brpm
        diagnostics.rrMotionConc = breathing.motion?.concentration
        diagnostics.breathingConfidenceScore = breathing.rate?.confidence

        let rmssd = screening ? (value: metrics.rmssd, applied: false, halfCrossingShare: 1.0)
            : correctedRmssd(metrics: HrvMetrics(series: intervals.confidentIntervals), beats: beats,
                             intervals: intervals, raw: channel.raw, capture: signal.captureNoise())
        diagnostics.estGmApplied = rmssd.applied
        diagnostics.beats = screening ? [] : beatRecords(beats: beats, intervals: intervals,
                                                         halfCrossingShare: rmssd.halfCrossingShare)
        diagnostics.hrSource = answer.source
        diagnostics.channel = answer.channel
        diagnostics.candidateRatesBpm = answer.rivals.isEmpty ? [] : [answer.rateBpm] + answer.rivals
        let heartConfidence = channel.evidence.meanScore * (train.agrees || !answer.fromBeats ? 1 : 0.5)
        return AnalysisResult(
            durationSeconds: signal.duration, heartRateBpm: answer.rateBpm,
            rmssdMs: reportsHrv ? rmssd.value : nil, sdnnMs: reportsHrv ? metrics.sdnn : nil,
            baevskyStressIndex: reportsHrv ? BaevskyStressIndex(intervalsMs: train.normalIntervals.intervalsMs)?.value
                : nil,
            sd2sd1: reportsHrv ? metrics.sd2sd1 : nil, pnn50Percent: reportsHrv ? metrics.pnn50 : nil,
            breathingRateBrpm: breathing.rate?.brpm, breathingRateConfidence: breathing.rate?.tier,
            confidence: reportsHrv ? heartConfidence * (1 - intervals.discardRatio) : heartConfidence,
            quality: tier, flags: flags, diagnostics: diagnostics)
    }

    /// The quality tier of a result whose heart rate is `usable`, by the rule of `cleanQualityPassedFraction` and
    /// the constants after it; `hrvFromBeats`: HRV is allowed and the rate comes from beats.
    static func tier(usable: Bool, hrvFromBeats: Bool, evidence: ReadingEvidence,
                     intervals: IntervalAnalysis) -> QualityTier {
        guard usable else { return .withheld }
        let clean = hrvFromBeats && evidence.qualityPassedFraction >= cleanQualityPassedFraction
            && intervals.discardRatio <= cleanMaximumDiscardRatio && !intervals.vetoed
            && evidence.snrDb >= cleanMinimumSnrDb && evidence.saturationFraction < cleanMaximumSaturationFraction
        return clean ? .clean : .usable
    }

    /// The breathing rate of the reading from `beats` (their untouched intervals, amplitudes and intensities,
    /// those labelled normal valid) and the accelerometer's `motion`, over the span of `signal`'s frames.
    private func breathingAnalysis(beats: [DetectedBeat], intervals: IntervalAnalysis, signal: ReadingSignal,
                                   motion: [MotionSample]) -> BreathingAnalysis {
        var intervalByBeat = [Double?](repeating: nil, count: beats.count)
        for (position, beatIndex) in intervals.raw.endBeatIndices.enumerated() where intervals.untouched[position] {
            intervalByBeat[beatIndex] = intervals.raw.upstrokeMs[position]
        }
        let input = BreathingInput(
            beats: beats.indices.map { BreathingBeat(time: beats[$0].time, intervalMs: intervalByBeat[$0],
                                                     amplitude: beats[$0].amplitude, intensity: beats[$0].meanIntensity,
                                                     isValid: intervals.label(ofBeat: $0) == .normal) },
            motion: motion, windowStart: signal.frames.first?.timestamp ?? 0,
            windowEnd: signal.frames.last?.timestamp ?? 0)
        return BreathingRateEstimator(configuration: BreathingConfiguration(motionBreathing: options.motionBreathing))
            .analyze(input)
    }

    /// The diagnostics of the chosen channel of `selection` (its levels those its analysis found), but for the
    /// answer's own (`result(reporting:…)` sets `channel`, the source of the rate and the breathing figures).
    private func makeDiagnostics(signal: ReadingSignal, selection: ChannelSelection, metrics: HrvMetrics,
                                 intervals: IntervalAnalysis) -> AnalysisDiagnostics {
        let evidence = selection.chosen.evidence, beats = selection.chosen.beats
        var diagnostics = AnalysisDiagnostics()
        diagnostics.effectiveFps = Int(signal.timing.measuredFps.rounded())
        diagnostics.signalQuality = Int((100 * evidence.meanScore).rounded())
        diagnostics.qualityPassedFraction = evidence.qualityPassedFraction
        diagnostics.discardRatio = intervals.discardRatio
        diagnostics.saturationFrac = evidence.saturationFraction
        diagnostics.measuredFps = signal.timing.measuredFps
        diagnostics.frameIntervalCv = signal.timing.intervalCv
        diagnostics.frameGapCount = signal.timing.longIntervalCount
        diagnostics.amplitude = evidence.amplitude
        let dc = selection.chosen.candidate.dc
        diagnostics.perfusionIndex = dc > 0 ? 100 * evidence.amplitude / dc : 0
        diagnostics.spectralConcentration = evidence.spectral?.concentration ?? 0
        diagnostics.snrDb = evidence.snrDb
        diagnostics.skewness = evidence.skewness
        diagnostics.templateCorrelation = Statistics.mean(beats.map(\.templateCorrelation)) ?? 0
        diagnostics.spectralHeartRateBpm = evidence.spectralHeartRateBpm
        diagnostics.redDcMean = selection.redDc
        diagnostics.gateEnabled = options.consistencyGate
        diagnostics.gateMergedFixEnabled = options.mergedIntervalFix
        diagnostics.displacedPeakBeats = intervals.keepsShape.filter { !$0 }.count
        diagnostics.weakPulseBeats = intervals.isStrongEnough.filter { !$0 }.count
        if let gate = intervals.gate {
            diagnostics.gateRejected = !gate.passed
            diagnostics.gateVeto = !gate.passed
            diagnostics.gateNPairs = gate.values.nPairs
            diagnostics.gateNMerged = gate.values.nMerged
            diagnostics.gateDiscardRaw = gate.values.discardRaw
            diagnostics.gateMaxJump = gate.values.maxJump
            diagnostics.gateHfShare = gate.values.hfShare
            diagnostics.gateRPs = gate.values.rPs
            diagnostics.gateCompress = gate.values.compress
        }
        diagnostics.pnn50 = metrics.pnn50
        diagnostics.sd1Ms = metrics.sd1
        diagnostics.sd2Ms = metrics.sd2
        diagnostics.meanNnMs = metrics.meanNN
        diagnostics.estRmssdParabolic = metrics.rmssd
        diagnostics.estRmssdFixed = intervals.frameQuantizedRmssd
        return diagnostics
    }

    /// One record per detected beat, timed at the mix of its 50 % crossing (weight `halfCrossingShare`) and its
    /// steepest upstroke point that the reported RMSSD was measured at: its raw interval (nil for a segment's first
    /// beat) and the correction's label.
    private func beatRecords(beats: [DetectedBeat], intervals: IntervalAnalysis,
                             halfCrossingShare: Double) -> [BeatRecord] {
        let times = beats.map {
            FiducialBlend.mix(halfCrossing: $0.time, steepest: $0.steepestTime, share: halfCrossingShare)
        }
        var records = beats.indices.map {
            BeatRecord(time: times[$0], intervalMs: nil, label: intervals.label(ofBeat: $0).rawValue,
                       accepted: false)
        }
        for (position, beatIndex) in intervals.raw.endBeatIndices.enumerated() {
            records[beatIndex].intervalMs = 1000 * (times[beatIndex] - times[beatIndex - 1])
            records[beatIndex].accepted = intervals.untouched[position]
        }
        return records
    }
}
