/// The final analysis of a completed reading: frames (+ optional accelerometer samples) → heart
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
    /// Longest span of frames analysed, seconds: the longest `readingDuration` a configuration allows. A longer
    /// span (a glitched timestamp far from the others, say) is refused instead of scanned window by window.
    public static let maximumDurationSeconds = 3600.0
    /// Fewest accepted NN intervals for a heart rate.
    public static let minimumIntervals = 15
    /// Fewest valid beats for a trustworthy ("usable") heart rate.
    public static let usableBeats = 30
    /// Largest beat/spectral heart-rate difference for a trustworthy heart rate, bpm.
    public static let spectralAgreementBpm = 5.0
    /// Below this share of passed quality windows, a beat rate the spectrum disagrees with is no heart rate
    /// (`hr_disagreement`); at any share, when the consistency gate vetoed its intervals too: a faint pulse whose
    /// dicrotic wave is taken for a beat on some cycles and whose beats are lost on others gives a rate between the
    /// heart's and twice it, which the spectrum (at twice the rate) and the gate (intervals jumping) both reject.
    public static let disagreementQualityPassedFraction = 0.5

    /// The quality-tier rule. A result is `usable` when its heart rate is trustworthy (from the spectrum, or from
    /// `usableBeats` beats agreeing with it) and no disturbance was left in it; it is `clean` when, besides, HRV
    /// is allowed, the rate comes from beats, at least this share of the quality windows passed, …
    public static let cleanQualityPassedFraction = 0.9
    /// … at most this share of the intervals was discarded (and the consistency gate did not veto them), …
    public static let cleanMaximumDiscardRatio = 0.05
    /// … the pulse stands at least this far above the noise, dB, …
    public static let cleanMinimumSnrDb = 6.0
    /// … and less than this share of the frames had clipped red. Anything less is `withheld`.
    public static let cleanMaximumSaturationFraction = 0.05

    /// Creates an analyzer.
    public init(options: AnalysisOptions = AnalysisOptions()) {
        self.options = options
    }

    /// Analyses a reading: the whole of it, or, when that is withheld or fails, its best consistent part
    /// (`consistentSegment`).
    public func analyze(frames: [FrameSample], motion: [MotionSample] = []) -> Result<AnalysisResult, AnalysisError> {
        var plans = FourierPlans()
        let whole = measureSpan(frames: frames, motion: motion, plans: &plans)
        let outcome = consistentSegment(frames: frames, motion: motion, whole: whole, plans: &plans)
            ?? result(of: whole, screening: false)
        return outcome.map { result in
            var result = result
            result.diagnostics.readingStart = whole.signal.frames.first?.timestamp
            return result
        }
    }

    /// A span's prepared signal and the analyses of its channels: all its result is assembled from
    /// (`result(of:screening:)`), measured once whether the result is screened or complete.
    struct SpanMeasurement {
        /// The span's frames, prepared.
        var signal: ReadingSignal
        /// The span's accelerometer samples.
        var motion: [MotionSample]
        /// Whether the span may report HRV (`measureSpan`'s `reportsHrv`).
        var hrvAllowed: Bool
        /// Why the span is not analysed (too short, too long, an unsupported frame rate); nil when it is.
        var refusal: AnalysisError?
        /// The channels analysed (`analyzeChannel`; channels that cannot be chosen are left out).
        var analyses: [ChannelAnalysis] = []
        /// The channel the span's result is assembled from (`selection(among:)` of `analyses`); nil when the span
        /// is refused or no channel was analysed.
        var selection: ChannelSelection?
    }

    /// The channel a span's result is assembled from, with what the result needs of the others: its choice, its
    /// analysis, the analysis whose spectral rate stands highest, and the interval analysis of its beats (nil with
    /// too few beats for a heart rate), made once for every result of the span, screened or complete.
    struct ChannelSelection {
        /// The channel chosen, and whether red was passed over for it.
        var choice: ChannelChoice
        /// The chosen channel's analysis: the beats and evidence the result is assembled from.
        var chosen: ChannelAnalysis
        /// The analysis whose spectral rate has the highest SNR; nil when no channel holds one.
        var spectral: ChannelAnalysis?
        /// The interval analysis of `chosen`'s beats (`intervalAnalysis(of:)`).
        var intervals: IntervalAnalysis?
        /// Red's mean level over the span, counts (`channelLevels`), which the diagnostics report whichever
        /// channel is chosen.
        var redDc: Double
    }

    /// The channel of `analyses` a result comes from: the one `ChannelChoice` picks, unless it holds no beat train
    /// and the channel whose spectrum holds the pulse does, or, when none does, unless another channel holds a beat
    /// train (`beatTrainChoice`); nil when none was analysed. `redDc` is red's mean level over the span.
    func selection(among analyses: [ChannelAnalysis], redDc: Double) -> ChannelSelection? {
        var choice = ChannelChoice(candidates: analyses.map(\.candidate))
        guard var chosen = analyses.first(where: { $0.candidate.channel == choice.channel }) else { return nil }
        let spectral = analyses.filter { $0.spectralRate != nil }
            .max { $0.spectralRate?.snr ?? 0 < $1.spectralRate?.snr ?? 0 }
        if chosen.beats.count <= Self.minimumIntervals, let spectral, spectral.beats.count > Self.minimumIntervals {
            // A channel without a beat train cannot carry the reading; the one whose spectrum holds the pulse can.
            choice = choice.moved(to: spectral.candidate.channel)
            chosen = spectral
        } else if chosen.beats.count <= Self.minimumIntervals, let train = Self.beatTrainChoice(among: analyses) {
            // Nor can it when no spectrum holds the pulse: the choice is made again among the channels that do hold
            // a beat train, and the reading goes on to the same gates and fallbacks (fold included) with that one.
            (choice, chosen) = train
        }
        return ChannelSelection(choice: choice, chosen: chosen, spectral: spectral,
                                intervals: intervalAnalysis(of: chosen.beats), redDc: redDc)
    }

    /// The interval analysis of `beats`, with the options' merged-interval fix and consistency gate; nil with too
    /// few beats for a heart rate (`minimumIntervals` or fewer).
    func intervalAnalysis(of beats: [DetectedBeat]) -> IntervalAnalysis? {
        guard beats.count > Self.minimumIntervals else { return nil }
        return IntervalAnalysis(beats: beats, mergedIntervalFix: options.mergedIntervalFix,
                                gateEnabled: options.consistencyGate)
    }

    /// The choice (`ChannelChoice`) made again among the analyses of `analyses` that hold a beat train (more than
    /// `minimumIntervals` beats), with the analysis chosen; nil when none holds one. When no channel has a usable
    /// level (red all but clipped, green dark), the best-scored lit one may hold no beat train; without a spectral
    /// peak to turn to, the reading stopped there (`few_beats`) although red's fold showed the pulse.
    static func beatTrainChoice(among analyses: [ChannelAnalysis]) -> (ChannelChoice, ChannelAnalysis)? {
        let trains = analyses.filter { $0.beats.count > minimumIntervals }
        guard !trains.isEmpty else { return nil }
        let choice = ChannelChoice(candidates: trains.map(\.candidate))
        return trains.first { $0.candidate.channel == choice.channel }.map { (choice, $0) }
    }

    /// All of `frames` measured as one reading: its signal and the analyses of the channels its result may come
    /// from (those with a usable level, all of them when none has one, and the others too when no lit channel
    /// holds a spectral rate). Quality windows overlapping `cut` (a stretch left out of the frames) are not
    /// measured. Without `reportsHrv` (a part too short for HRV) the result holds no HRV and is at most `usable`.
    /// `plans` lends the FFT plans (shared by the spans of a reading).
    func measureSpan(frames: [FrameSample], motion: [MotionSample], cut: ClosedRange<Double>? = nil,
                     reportsHrv hrvAllowed: Bool = true, plans: inout FourierPlans) -> SpanMeasurement {
        let signal = ReadingSignal(frames: frames)
        var measurement = SpanMeasurement(signal: signal, motion: motion, hrvAllowed: hrvAllowed, refusal: nil)
        guard signal.duration >= Self.minimumDurationSeconds, signal.sampleRate > 0 else {
            measurement.refusal = .noHeartRate(reasons: ["too_short"])
            return measurement
        }
        guard signal.duration <= Self.maximumDurationSeconds else {
            measurement.refusal = .noHeartRate(reasons: ["too_long"])
            return measurement
        }
        guard extractor.supports(sampleRate: signal.sampleRate) else {
            measurement.refusal = .noHeartRate(reasons: [signal.sampleRate > BeatExtractor.maximumSampleRate
                ? "high_frame_rate" : "low_frame_rate"])
            return measurement
        }
        // Each channel's level, found once for the eligibility, for its analysis and (red's) for the diagnostics.
        let levels = Dictionary(uniqueKeysWithValues: PulseChannel.allCases.map { ($0, channelLevels($0, signal)) })
        let levelEligible = PulseChannel.allCases.filter { ChannelChoice.hasUsableLevel(levels[$0]!) }
        if levelEligible.isEmpty {
            measurement.analyses = PulseChannel.allCases.compactMap {
                analyzeChannel($0, signal: signal, motion: motion, cut: cut, plans: &plans, levels: levels[$0]!)
            }
        } else {
            for channel in levelEligible {
                let bar = Self.scoreToBeat(measurement.analyses.map(\.candidate))
                if let analysis = analyzeChannel(channel, signal: signal, motion: motion, cut: cut, plans: &plans,
                                                 levels: levels[channel]!, mustExceed: bar) {
                    measurement.analyses.append(analysis)
                }
            }
            if !measurement.analyses.contains(where: { $0.spectralRate != nil }) {
                // No lit channel shows the pulse in its spectrum: a clipped or dark one may (a torch that drives
                // red to clipping leaves its pulse of a count there, beside a lit green without one). Its spectrum
                // may answer (`spectralFallback`) under the same confirmation; the choice stays with the lit
                // channels unless they hold no beat train (`result(of:screening:)`). While a lit channel is
                // eligible, one without a spectral rate could change nothing (the choice passes it over), so it
                // is left out before its beats and quality windows are measured.
                let choiceMade = measurement.analyses.contains { $0.candidate.isEligible }
                measurement.analyses += PulseChannel.allCases.filter { !levelEligible.contains($0) }.compactMap {
                    analyzeChannel($0, signal: signal, motion: motion, cut: cut, plans: &plans, levels: levels[$0]!,
                                   onlyWithSpectralRate: choiceMade)
                }
            }
        }
        measurement.selection = selection(among: measurement.analyses, redDc: levels[.red]!.dc)
        return measurement
    }

    /// The result of a measured span: its channel chosen and its figures assembled. A `screening` result (of a
    /// candidate part, or of the whole before its parts are tried) decides the heart rate, tier and flags only:
    /// without the RMSSD noise correction (the measured RMSSD instead), breathing and beat records.
    func result(of measurement: SpanMeasurement, screening: Bool) -> Result<AnalysisResult, AnalysisError> {
        if let refusal = measurement.refusal { return .failure(refusal) }
        guard let selection = measurement.selection else { return .failure(.noHeartRate(reasons: ["no_signal"])) }
        return assemble(signal: measurement.signal, selection: selection, motion: measurement.motion,
                        hrvAllowed: measurement.hrvAllowed, screening: screening)
    }

    /// Beats, quality windows and choice figures of one channel.
    struct ChannelAnalysis {
        /// The channel with the figures the choice compares: its level, clipping and mean quality score.
        var candidate: ChannelChoice.Candidate
        /// The channel's raw gap-free segments.
        var raw: [UniformSegment]
        /// The beats found on the channel's segments.
        var beats: [DetectedBeat]
        /// The channel's quality windows, reading spectrum and disturbed share.
        var evidence: ReadingEvidence
        /// The channel's band-passed segments (blood-volume polarity).
        var pulses: [UniformSegment]
        /// The channel's significant spectral heart rate, if any.
        var spectralRate: HarmonicRate?
    }

    /// The mean quality score a further eligible channel must exceed to change the choice among `candidates`
    /// (channels in `PulseChannel.allCases` order, all with a usable level): eligible red's score plus
    /// `ChannelChoice.preferRedMargin`, and every other eligible channel's score (the first best wins ties); nil
    /// when none is eligible.
    static func scoreToBeat(_ candidates: [ChannelChoice.Candidate]) -> Double? {
        let bars = candidates.compactMap { candidate in
            candidate.score.map { candidate.channel == .red ? $0 + ChannelChoice.preferRedMargin : $0 }
        }
        return bars.max()
    }

    /// Extracts beats and measures quality on `channel` (the choice compares channels). With
    /// `mustExceed`, stops and returns nil as soon as the channel's mean quality score provably stays at or below
    /// it (the upper bounds its frames allow, before any beat is sought; then the measured windows so far plus the
    /// spectrum-free upper bounds of the rest): it cannot be chosen. With `onlyWithSpectralRate`, returns nil
    /// when the channel's spectrum holds no `HarmonicRate`, before its beats are sought. `plans` lends the FFT
    /// plans (shared by the channels of a reading); quality windows overlapping `cut` are not measured. `levels`
    /// are the channel's `channelLevels`, found once by the caller.
    func analyzeChannel(_ channel: PulseChannel, signal: ReadingSignal, motion: [MotionSample],
                        cut: ClosedRange<Double>? = nil, plans: inout FourierPlans,
                        levels: (dc: Double, clipped: Double), mustExceed bar: Double? = nil,
                        onlyWithSpectralRate: Bool = false) -> ChannelAnalysis? {
        if let bar, framesRuleOut(bar, signal: signal, cut: cut) { return nil }
        let raw = signal.rawSegments(of: channel)
        let pulses = raw.map { extractor.pulseWaveform($0) }
        let earlyRate = onlyWithSpectralRate ? HarmonicRate(pulses: pulses, plans: &plans) : nil
        if onlyWithSpectralRate && earlyRate == nil { return nil }
        let beats = raw.indices.flatMap { extractor.extract(raw[$0], pulse: pulses[$0], segmentIndex: $0).beats }
        guard let windows = qualityWindows(signal: signal, pulses: pulses, beats: beats, cut: cut, plans: &plans,
                                           mustExceed: bar) else { return nil }
        let evidence = ReadingEvidence(windows: windows,
                                       spectrum: ReadingSignal.readingSpectrum(pulses, plans: &plans),
                                       motionFraction: DisturbanceDetector().disturbedFraction(pulses: pulses,
                                                                                               motion: motion))
        let candidate = ChannelChoice.Candidate(channel: channel, dc: levels.dc, clippedFraction: levels.clipped,
                                                score: evidence.spectral == nil ? nil : evidence.meanScore)
        return ChannelAnalysis(candidate: candidate, raw: raw, beats: beats, evidence: evidence, pulses: pulses,
                               spectralRate: onlyWithSpectralRate ? earlyRate : HarmonicRate(pulses: pulses,
                                                                                             plans: &plans))
    }

    /// Mean level and share of clipped frames of `channel`.
    func channelLevels(_ channel: PulseChannel, _ signal: ReadingSignal) -> (dc: Double, clipped: Double) {
        Self.level(of: signal.frames.lazy.map { channel.value(in: $0) }, clipLevel: qualityMeter.clipLevel)
    }

    /// Margin by which a channel's score bound must fall below the bar before it is dropped, so that rounding in
    /// the bound's sums can never drop a channel whose exact mean would win.
    static let pruningTolerance = 1e-9

    /// Quality windows of `qualityMeter.windowSeconds` every `qualityStepSeconds` over the reading, except those
    /// overlapping `cut`; nil once their mean score provably cannot exceed `bar`.
    func qualityWindows(signal: ReadingSignal, pulses: [UniformSegment], beats: [DetectedBeat],
                        cut: ClosedRange<Double>?, plans: inout FourierPlans,
                        mustExceed bar: Double? = nil) -> [QualityWindow]? {
        let (starts, length) = qualityWindowStarts(signal: signal, cut: cut)
        let levels = QualityFrameLevels(frames: signal.frames[...], meter: qualityMeter)
        // boundAfter[i]: the summed score bounds of the windows from i on.
        var boundAfter = [Double](repeating: 0, count: starts.count + 1)
        if bar != nil {
            for index in starts.indices.reversed() {
                boundAfter[index] = boundAfter[index + 1] + qualityMeter.scoreUpperBound(
                    start: starts[index], end: starts[index] + length, levels: levels, beats: beats)
            }
        }
        var workspace = qualityMeter.makeWorkspace(sampleRate: signal.sampleRate, plans: &plans)
        var windows: [QualityWindow] = []
        var measuredSum = 0.0
        for (index, start) in starts.enumerated() {
            let window = qualityMeter.measure(start: start, end: start + length, levels: levels, pulses: pulses,
                                              beats: beats, workspace: &workspace)
            windows.append(window)
            measuredSum += window.score
            if let bar, (measuredSum + boundAfter[index + 1]) / Double(starts.count) < bar - Self.pruningTolerance {
                return nil
            }
        }
        return windows
    }

    /// The starts of the quality windows over `signal` (except those overlapping `cut`) and their length, seconds.
    func qualityWindowStarts(signal: ReadingSignal, cut: ClosedRange<Double>?) -> (starts: [Double], length: Double) {
        guard let first = signal.frames.first?.timestamp, let last = signal.frames.last?.timestamp else {
            return ([], 0)
        }
        let length = min(qualityMeter.windowSeconds, last - first)
        var starts: [Double] = []
        var start = first
        while start + length <= last + 1e-9 {
            if !(cut.map { $0.overlaps(start...(start + length)) } ?? false) { starts.append(start) }
            start += qualityStepSeconds
        }
        return (starts, length)
    }

    /// Whether a channel of `signal` is sure to be pruned by `qualityWindows` with `bar`, whatever its pulse and
    /// beats: the mean of its windows' score bounds from their frames alone (`frameScoreUpperBound`) already falls
    /// short. Each window's score is at most its bound and the sums run in the same order, so `qualityWindows`
    /// would return nil at its last window at the latest.
    func framesRuleOut(_ bar: Double, signal: ReadingSignal, cut: ClosedRange<Double>?) -> Bool {
        let (starts, length) = qualityWindowStarts(signal: signal, cut: cut)
        guard !starts.isEmpty else { return false }
        let levels = QualityFrameLevels(frames: signal.frames[...], meter: qualityMeter)
        var bound = 0.0
        for start in starts {
            bound += qualityMeter.frameScoreUpperBound(start: start, end: start + length, levels: levels)
        }
        return bound / Double(starts.count) < bar - Self.pruningTolerance
    }

    /// Reasons against the NN series that a spectral heart rate confirmed by the beat train may overrule: the
    /// beats are too noisy or too few for their intervals, not absent or foreign (contact, regularity of a light).
    static let beatSeriesReasons: Set<String> = ["no_pulse", "irregular_beats", "hr_disagreement", "few_beats"]
    /// The spectral heart rate to report instead of the NN series' one, or nil to keep the beats. The most
    /// significant channel's `HarmonicRate` (`spectral`) must be confirmed by that channel's beat train
    /// (`BeatTrainAgreement`; when the spectrum is ambiguous between a rate and half of it, the rate whose train
    /// agrees best): at least `BeatTrainAgreement.minimumShare` of its intervals at the period, or, for a peak of
    /// `HarmonicRate.decisiveSnr`, more of them at the period than at half of it (the beats must not run twice
    /// as fast). The channel must have `usableBeats` beats, and the only `reasons` against the beats must be
    /// `beatSeriesReasons`. Without reasons the spectral rate replaces only a `beatRate` that is missing (nil: too
    /// few NN intervals or no spectral agreement) or off the confirmed rate by more than `spectralAgreementBpm`
    /// (beats lost or doubled). The rate comes with the train that confirmed it.
    func spectralFallback(_ spectral: ChannelAnalysis?, reasons: [String],
                          beatRate: Double?) -> (rateBpm: Double, train: FittedBeatTrain)? {
        guard let spectral, let rate = spectral.spectralRate, spectral.beats.count >= Self.usableBeats,
              reasons.allSatisfy({ Self.beatSeriesReasons.contains($0) }) else { return nil }
        let agreesWithBeats = { (bpm: Double) in
            beatRate.map { abs($0 - bpm) <= Self.spectralAgreementBpm } ?? false
        }
        if reasons.isEmpty, rate.subharmonicBpm == nil, agreesWithBeats(rate.rateBpm) { return nil }
        guard let best = Self.confirmedRate(rate, candidatesBpm: rate.candidatesBpm, pulses: spectral.pulses,
                                            extractor: extractor, decisiveSnr: HarmonicRate.decisiveSnr) else {
            return nil
        }
        return reasons.isEmpty && agreesWithBeats(best.rateBpm) ? nil : best
    }

    /// The rate of the reading's fold (`FoldedRate`, over every channel's band-passed pulse) to report when
    /// neither the beats nor a spectral rate their train confirms (`spectralFallback`) give one, and the only
    /// `reasons` against the beats are `beatSeriesReasons`; nil otherwise. The fold rules out half, double and
    /// triple rates by the cycle's shape; noise folds incoherently.
    func foldedFallback(signal: ReadingSignal, reasons: [String]) -> FoldedRate? {
        guard !reasons.isEmpty, reasons.allSatisfy({ Self.beatSeriesReasons.contains($0) }) else { return nil }
        var plans = FourierPlans()
        let channels = PulseChannel.allCases.map { channel in
            (channel, signal.rawSegments(of: channel).map(extractor.pulseWaveform))
        }
        return FoldedRate(channels: channels, plans: &plans)
    }

    /// Flag of a spectral or folded heart rate withheld because its evidence does not rule out a rival rate
    /// (`rivalRates`); the rates are in `candidate_rates_bpm`.
    public static let ambiguousRateFlag = "hr_ambiguous"
    /// Share of a rival rate's beat train at its own period from which the rival is not ruled out. A reading at
    /// its true rate of up to 140 bpm leaves the train fitted to half of it at most a quarter of its intervals
    /// there (synthetic saturated weak pulses, `nfv-bench honesty`); a reading at twice its rate (a dicrotic wave
    /// as tall as the systolic one counted as a beat) leaves 40–65 %: a third lies between. Above about 150 bpm
    /// a true pulse too can leave a third there (the half rate's beat window spans two of its beats and a faint
    /// beat is lost): such a reading is withheld, as its spectrum cannot tell it from the dicrotic case either.
    public static let rivalTrainShare = 1.0 / 3

    /// The rates a spectral heart rate `rateBpm` (from the peak `rate`) may stand for that its evidence does not
    /// rule out: half of it, when `rateBpm` is the peak's fundamental, half of it lies in the heart band and the
    /// beat train fitted to it (`BeatTrainAgreement` on `pulses`) runs at it for at least `rivalTrainShare` of
    /// its intervals. A heart at the rate gives no such train; a pulse whose dicrotic wave is as tall as its
    /// systolic one does, and its spectrum may peak at twice the heart's rate. Twice the rate is ruled out by the
    /// spectrum itself: the rate is the strongest significant peak (`HarmonicRate`), and a pulse's fundamental
    /// carries more power than its harmonics. (When the beat train chose the peak's subharmonic, the spectrum
    /// holds that rate's harmonic, and the train has already preferred it to twice its rate.)
    static func rivalRates(of rateBpm: Double, rate: HarmonicRate, pulses: [UniformSegment],
                           extractor: BeatExtractor) -> [Double] {
        let half = rateBpm / 2
        guard rateBpm == rate.rateBpm, half >= 60 * HarmonicRate.searchBand.lowerBound else { return [] }
        let share = BeatTrainAgreement(extractor: extractor).share(pulses: pulses, periodSeconds: 60 / half)
        return share >= rivalTrainShare ? [half] : []
    }

    /// The spectral rule shared by the final analysis and the live session's `SustainedPulse`: of the rates
    /// `candidatesBpm` that the spectral peak `rate` may hold, the one whose beat train (`BeatTrainAgreement` on
    /// `pulses` with `extractor`'s detector) agrees best, when at least `BeatTrainAgreement.minimumShare` of its
    /// intervals sit at its period, or, with a `decisiveSnr` that the peak reaches, when more of them sit at the
    /// period than at half of it (the beats must not run twice as fast); nil otherwise. The rate comes with its
    /// train.
    static func confirmedRate(_ rate: HarmonicRate, candidatesBpm: [Double], pulses: [UniformSegment],
                              extractor: BeatExtractor,
                              decisiveSnr: Double?) -> (rateBpm: Double, train: FittedBeatTrain)? {
        let agreement = BeatTrainAgreement(extractor: extractor)
        let fitted = { (bpm: Double) in agreement.train(pulses: pulses, periodSeconds: 60 / bpm) }
        let trains = candidatesBpm.map { ($0, fitted($0)) }
        guard let (best, train) = trains.max(by: { $0.1.share < $1.1.share }), train.share > 0 else { return nil }
        if train.share >= BeatTrainAgreement.minimumShare { return (best, train) }
        guard let decisiveSnr, rate.snr >= decisiveSnr else { return nil }
        // When the subharmonic wins, twice it is the fundamental, whose train is already fitted.
        let doubledShare = { (trains.first { $0.0 == 2 * best }?.1 ?? fitted(2 * best)).share }
        return 2 * best > 60 * HarmonicRate.searchBand.upperBound || train.share > doubledShare() ? (best, train) : nil
    }

    /// Largest share of the measured RMSSD² the noise correction removes from a series of `pairs` successive
    /// differences: `1 − √(noiseMeanSquareError² + noiseModelError²)` (0.68 at 60 pairs), at least 0. Were all of
    /// the measured mean square noise, it would still differ from the modelled floor by the mean square's own
    /// standard error (`noiseMeanSquareError`) and by the model's own error (`noiseModelError`): a true part
    /// smaller than the two combined cannot be told from none, so the correction leaves at least that much. When
    /// the modelled noise exceeds the share, only the share is removed: the correction grows continuously with the
    /// noise and never reaches zero. (A fixed half of RMSSD² left readings whose floor is near their RMSSD — low
    /// variability at 100–130 bpm or 20–30 fps — reading some 4 ms high on synthetic readings,
    /// `nfv-bench rmssd-bias`.)
    public static func maximumNoiseShare(pairs: Int) -> Double {
        let error = noiseMeanSquareError(pairs: pairs)
        return max(0, 1 - (error * error + noiseModelError * noiseModelError).squareRoot())
    }

    /// Relative error of the modelled timing noise of the 50 % crossing (`TimingNoise`) against the noise the
    /// beats carry: the root mean square of their ratio's departure from 1 over frame rates 20–60 and heart rates
    /// 50–130 bpm on synthetic readings is about 0.2 (`nfv-bench rmssd-bias`, last table).
    public static let noiseModelError = 0.2

    /// Relative standard error of the mean of `pairs` squared successive differences that independent Gaussian
    /// beat-time errors give: `√(35/(9·pairs))`. A difference `e₃ − 2e₂ + e₁` correlates with its neighbours by
    /// −4/6 and 1/6, so its square with theirs by 16/36 and 1/36, and the mean's variance is
    /// `(2/pairs)·(1 + 2·17/36) = 35/(9·pairs)` times the squared mean.
    public static func noiseMeanSquareError(pairs: Int) -> Double {
        pairs > 0 ? (35 / (9 * Double(pairs))).squareRoot() : 1
    }

    /// RMSSD with the timing-noise share removed, `sqrt(RMSSD² − min(N, maximumNoiseShare·RMSSD²))` (the share for
    /// the series' successive pairs), `N` the mean variance (s²) that camera noise gives a successive difference
    /// (`differenceNoise`), and whether a correction was applied (`est_gm_applied`); the measured RMSSD when `N` is
    /// unknown.
    func debiasedRmssd(metrics: HrvMetrics, differenceNoise: Double?) -> (value: Double?, applied: Bool) {
        guard let rmssd = metrics.rmssd, let differenceNoise else { return (metrics.rmssd, false) }
        let share = Self.maximumNoiseShare(pairs: metrics.nPairs)
        let noise = min(max(differenceNoise, 0) * 1e6, share * rmssd * rmssd)
        return ((rmssd * rmssd - noise).squareRoot(), true)
    }

    /// RMSSD with camera noise removed, and whether a correction was applied (`est_gm_applied`): the smaller of
    /// two estimates, each `debiasedRmssd` of its own series and modelled noise — the NN series (`metrics`) timed
    /// at the 50 % crossings, and the untouched intervals timed at the least noisy mix of crossing and steepest
    /// point (`IntervalAnalysis.rmssdBlend`). The noise model holds white camera noise and the error the
    /// capture-time estimate leaves (`capture`, per segment); what it misses (the foot and peak moved by baseline
    /// wander or the previous beat, a steepest point too coarsely sampled for its linear model) only adds to an
    /// estimate, so the smaller one is the nearer.
    /// Also returns the weight of the 50 % crossing in the beat times of the estimate kept (1 for the NN series).
    func correctedRmssd(metrics: HrvMetrics, beats: [DetectedBeat], intervals: IntervalAnalysis,
                        raw: [UniformSegment], capture: [CaptureTimeNoise?])
        -> (value: Double?, applied: Bool, halfCrossingShare: Double) {
        let noise = raw.first.map {
            TimingNoise(filter: extractor.filter(sampleRate: $0.sampleRate), sampleRate: $0.sampleRate,
                        upsamplingFactor: extractor.upsamplingFactor(sampleRate: $0.sampleRate))
        }
        let levels = raw.map { TimingNoise.whiteNoiseLevel($0.samples) }
        let crossing = debiasedRmssd(metrics: metrics, differenceNoise: noise.flatMap {
            differenceNoise(beats: beats, intervals: intervals, levels: levels, capture: capture, model: $0,
                            halfCrossingShare: 1)
        })
        let blend = intervals.rmssdBlend
        let mixed = debiasedRmssd(metrics: HrvMetrics(series: blend.series), differenceNoise: noise.flatMap {
            differenceNoise(beats: beats, intervals: intervals, levels: levels, capture: capture, model: $0,
                            halfCrossingShare: blend.halfCrossingShare)
        })
        guard let mixedValue = mixed.value, mixedValue < crossing.value ?? .infinity else {
            return (crossing.value, crossing.applied, 1)
        }
        return (mixed.value, mixed.applied, blend.halfCrossingShare)
    }

    /// Mean variance (s²) that camera noise gives the successive differences of the normal beats' intervals
    /// (`TimingNoise.differenceVariance`: three consecutive normal beats of one segment, with every covariance
    /// between their errors), each beat timed at the mix of its 50 % crossing (weight `halfCrossingShare`) and its
    /// steepest point that `FiducialBlend` chose, each segment with the white-noise level of its own raw segment
    /// (`levels`, `TimingNoise.whiteNoiseLevel` of each raw segment, indexed by the beats' `segment`), propagated by
    /// `noise` (the extractor's filter at the segments' rate); plus the variance its capture-time error (`capture`,
    /// indexed likewise; none where missing) gives the same difference, independent of the white noise. Nil
    /// without such beats.
    /// Normal beats are those that enter RMSSD's differences (`IntervalAnalysis.entersRmssd`).
    func differenceNoise(beats: [DetectedBeat], intervals: IntervalAnalysis, levels: [Double?],
                         capture: [CaptureTimeNoise?], model noise: TimingNoise,
                         halfCrossingShare: Double) -> Double? {
        guard beats.count >= 3 else { return nil }
        let errors = beats.map { beat -> TimingNoise.BeatError? in
            guard let crossing = TimingNoise.BeatError.halfCrossing(
                crossing: beat.time, foot: beat.onsetTime, peak: beat.peakTime, slope: beat.upstrokeSlope) else {
                return nil
            }
            let steepest = TimingNoise.BeatError.steepest(time: beat.steepestTime, curvature: beat.steepestCurvature,
                                                          fineRate: noise.fineRate) ?? crossing
            return TimingNoise.BeatError.mix(crossing, steepest, share: halfCrossingShare)
        }
        let covariances = BeatErrorCovariances(model: noise, errors: errors)
        let variances = (2..<beats.count).compactMap { last -> Double? in
            let triple = beats[(last - 2)...last]
            guard triple.allSatisfy({ $0.segment == beats[last].segment }),
                  (last - 2...last).allSatisfy({ intervals.entersRmssd(beat: $0) }),
                  beats[last].segment < levels.count, let sigma = levels[beats[last].segment],
                  errors[last - 2] != nil, errors[last - 1] != nil, errors[last] != nil else {
                return nil
            }
            let segment = beats[last].segment
            let clock = segment < capture.count ? capture[segment] : nil
            let time = { (beat: Int) in
                halfCrossingShare * beats[beat].time + (1 - halfCrossingShare) * beats[beat].steepestTime
            }
            return covariances.differenceVariance(last: last, sigma: sigma)
                + (clock?.differenceVariance(times: (time(last - 2), time(last - 1), time(last))) ?? 0)
        }
        return Statistics.mean(variances)
    }

    /// Smallest SDNN / MeanNN of a heartbeat: a pulse more regular than this over a reading is a periodic light
    /// (mains flicker aliased into the heart band), not a heart (measured SDNN includes timing noise as well).
    public static let minimumVariation = 0.005

    /// `reasons` followed by the `flags` not already among them.
    static func merged(_ reasons: [String], _ flags: [String]) -> [String] {
        reasons + flags.filter { !reasons.contains($0) }
    }

    /// Largest share of irregular raw intervals (off their local median by > 20 %) before the beat series is not
    /// trusted at all.
    public static let maximumIrregularFraction = 0.5

    /// Smallest spectral concentration of the whole reading (pulse peak and its harmonic over the heart band) that
    /// shows a pulse the short quality windows miss: a faint pulse under noise, as from a saturated red channel,
    /// stands out over 60 s where 4 s windows drown it. Noise spreads evenly (0.4 Hz of 3.5 Hz: about 0.11).
    public static let readingPulseConcentration = 0.5
    /// Smallest amplitude (counts) a pulse seen only in the whole reading's spectrum must have: far below any
    /// real pulse, far above the rounding residue of a constant or clipped channel.
    public static let readingPulseMinimumAmplitude = 0.02

    /// Whether the whole reading's spectrum holds a pulse although its quality windows fail: a concentrated peak
    /// of a signal that is not numerically constant. The beat train must then still agree with it (and pass the
    /// regularity and consistency checks) for a heart rate to be reported.
    static func spectrumCarriesPulse(_ evidence: ReadingEvidence) -> Bool {
        guard let spectral = evidence.spectral else { return false }
        return spectral.concentration >= readingPulseConcentration
            && evidence.amplitude >= readingPulseMinimumAmplitude
    }

    /// Pulse amplitude (counts) below which a channel is numerically constant: resampling and filtering leave
    /// rounding noise near 1e-14 counts, which the scale-free quality windows would otherwise pass.
    public static let numericallyConstantAmplitude = 1e-6

    /// The reasons the signal holds no trustworthy heart rate (empty when it may hold one).
    func noHeartRateReasons(evidence: ReadingEvidence, irregularFraction: Double) -> [String] {
        var reasons: [String] = []
        if evidence.contactFraction < 0.5 { reasons.append("no_contact") }
        if evidence.amplitude < Self.numericallyConstantAmplitude
            || (evidence.qualityPassedFraction < 0.2 && !Self.spectrumCarriesPulse(evidence)) {
            reasons.append("no_pulse")
        }
        if irregularFraction > Self.maximumIrregularFraction { reasons.append("irregular_beats") }
        return reasons
    }
}
