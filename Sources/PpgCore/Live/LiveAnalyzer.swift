/// The live analysis of a session (the live beat option): frames in, beats out as they
/// are confirmed, and once per second of sample time a tick with contact, quality, amplitude, frame rate,
/// saturation, provisional heart rate, RMSSD and breathing rate, and the live HRV estimate.
///
/// Frames go into a preallocated ring of the last `historySeconds`; a plain push only stores the frame. Every
/// `subTickSeconds` of sample time the last `beatWindowSeconds` of the current gap-free run are band-passed
/// (zero-phase) and searched for beats with the final analysis' `BeatExtractor`; beats whose peak is at least
/// `confirmationDelaySeconds` older than the newest frame and that were not reported yet are reported, each once,
/// in time order. Deterministic: the same frames (and resets) give the same steps, bit for bit.
public struct LiveAnalyzer: Sendable {
    /// Seconds of frames kept.
    static let historySeconds = 15.0
    /// Sample time between beat confirmations, seconds.
    static let subTickSeconds = 0.25
    /// Sample time between ticks, seconds.
    static let tickSeconds = 1.0
    /// Length of the window searched for beats (and scored for quality), seconds.
    static let beatWindowSeconds = 8.0
    /// Shortest gap-free stretch analysed, seconds.
    static let minimumAnalysisSeconds = 2.0
    /// How much older than the newest frame a beat's systolic peak must be before the beat is reported, seconds.
    static let confirmationDelaySeconds = 0.3
    /// Closest two reported beats may be, seconds (the same beat found again in a later window is not new).
    static let minimumBeatSeparationSeconds = 0.25
    /// Longest interval reported between two beats, seconds; longer silences break the series.
    static let maximumIntervalSeconds = 2.0
    /// A frame interval longer than this many median intervals is a gap. Up to three frames dropped in a row (a
    /// tenth of a second at 30 fps, as phones drop them every few seconds) are bridged by the resampling spline:
    /// restarting the analysis at each of them left a faint pulse unscored for seconds at a time.
    static let maximumGapFrames = 4.0
    /// Length of the amplitude window, seconds.
    static let amplitudeWindowSeconds = 4.0
    /// Window of the provisional heart rate, seconds.
    static let heartRateWindowSeconds = 10.0
    /// Accepted intervals the provisional heart rate needs.
    static let heartRateMinimumIntervals = 3
    /// Window of the live HRV estimate, seconds.
    static let estimateWindowSeconds = 15.0
    /// Intervals the live HRV estimate needs.
    static let estimateMinimumIntervals = 8
    /// Discard ratio from which the estimate is withheld.
    static let withheldDiscardRatio = 0.5
    /// Reading time before the provisional RMSSD, seconds.
    static let rmssdFromSeconds = 20.0
    /// Successive accepted pairs the provisional RMSSD needs.
    static let rmssdMinimumPairs = 10

    private let options: LiveOptions
    private let extractor = BeatExtractor()
    private var qualityMeter = LiveQualityMeter()
    /// Judges a faint pulse over the last `SustainedPulse.windowSeconds` of the run (`LiveTick.faintPulseStandsOut`).
    private var faintPulseMeter = LiveQualityMeter.faintPulse()
    /// Whether the faint-pulse look's peak holds its rate from tick to tick (`FaintPeakHold`).
    private var faintPeakHold = FaintPeakHold()
    /// Whether the faint-pulse look's peak has held its rate over the last half minute of faint ticks (`FaintPeakRun`).
    private var faintPeakRun = FaintPeakRun()
    /// Looks for a pulse the quality window misses, over the last 10–15 s of the run (`LiveTick.sustainedPulse`).
    private var sustainedPulse: SustainedPulse
    /// The channel the pulse is read from: red until another channel reads clearly better (`LiveChannelChoice`).
    private var channel = PulseChannel.red
    private var frames: FrameRing
    private var intervals: LiveIntervalLog
    private var contact: LiveContact
    private var breathing: LiveBreathingEstimator?
    /// First frame after init or reset: the origin of the tick and sub-tick grids; nil until it arrives.
    private var origin: Double?
    private var nextSubTick = 1
    private var nextTick = 1
    /// Timestamp of the first frame after the latest gap or level step (the first frame since init before one): the
    /// start of the frames' run, whichever channel they are read on (`channelRunStart` starts again at a switch).
    private var runStart = -Double.infinity
    private var lastReportedBeatTime: Double?
    /// Sample time of the latest channel switch: no interval spans it (beats of two channels are not aligned).
    private var channelSwitchTime = -Double.infinity
    /// Pulse amplitude (counts) of the latest tick whose window showed a clear pulse on the current channel; 0
    /// before one. What level changes are measured against: a disturbance cannot raise it.
    private var steadyAmplitude = 0.0
    /// Pulse amplitude (counts) of the latest tick on the current channel; level steps are measured against it (a
    /// step no larger than twice the pulse's swing leaves a harmless transient).
    private var latestAmplitude = 0.0
    /// Sample times of the latest level step on the pulse channel and of the one before. A single step (a finger
    /// settling) only restarts the analysis; a second within `LevelStep.repeatSeconds` is a finger on the move,
    /// and the signal is not scored until a whole quality window has passed without one.
    private var latestStep = -Double.infinity, previousStep = -Double.infinity
    /// Sample time of the latest step large enough to end contact's trust in an earlier pulse (`LiveContact`).
    private var latestJump = -Double.infinity

    /// Creates an analyzer; `options` come from the session configuration.
    public init(options: LiveOptions = LiveOptions()) {
        self.options = options
        let fps = options.maximumFramesPerSecond.isFinite ? min(max(options.maximumFramesPerSecond, 1), 1000) : 120
        frames = FrameRing(capacity: Int((fps * Self.historySeconds).rounded(.up)) + 2)
        intervals = LiveIntervalLog(capacity: Int((Self.estimateWindowSeconds * 250 / 60).rounded(.up)) + 8)
        contact = LiveContact(enterFraction: options.contactEnterFraction, exitFraction: options.contactExitFraction)
        sustainedPulse = SustainedPulse(extractor: extractor)
    }

    /// A reading starts: forgets beats, intervals and breathing; ticks re-phase to the next frame. The frame
    /// history (and with it contact and quality) carries on.
    public mutating func reset() {
        origin = nil
        breathing = nil
        lastReportedBeatTime = nil
        intervals.clear()
    }

    /// Consumes one frame (frames with non-finite values or a timestamp not after the previous one are ignored).
    /// Returns the beats confirmed and, once per second of sample time, a tick.
    public mutating func push(_ frame: FrameSample) -> LiveStep {
        guard frame.timestamp.isFinite, frame.red.isFinite, frame.green.isFinite, frame.blue.isFinite,
              frame.timestamp > frames.newest?.timestamp ?? -Double.infinity else { return LiveStep() }
        frames.append(frame)
        if runStart == -Double.infinity { runStart = frame.timestamp }
        let origin = startGridsIfNeeded(at: frame.timestamp)
        guard frame.timestamp >= origin + Double(nextSubTick) * Self.subTickSeconds else { return LiveStep() }
        nextSubTick = Self.gridIndex(frame.timestamp - origin, step: Self.subTickSeconds) + 1
        let recent = analyzeRecentSignal(on: channel)
        var beats: [LiveBeat] = []
        if let recent { beats = confirmBeats(recent) }
        guard frame.timestamp >= origin + Double(nextTick) * Self.tickSeconds else { return LiveStep(beats: beats) }
        let due = Self.gridIndex(frame.timestamp - origin, step: Self.tickSeconds)
        // A tick more than half a second late (a frame gap) takes the next slot's place too, so two ticks are never
        // closer than half a second: one guidance or preview per second, whatever the frame timing.
        let late = frame.timestamp - (origin + Double(due) * Self.tickSeconds) > Self.tickSeconds / 2
        nextTick = due + (late ? 2 : 1)
        return LiveStep(beats: beats, tick: makeTick(time: origin + Double(due) * Self.tickSeconds, recent: recent))
    }

    /// Consumes one accelerometer sample for the breathing estimate (ignored when `motionBreathing` is off, before
    /// the first frame after reset, or out of time order).
    public mutating func push(_ motion: MotionSample) {
        guard options.motionBreathing, motion.timestamp.isFinite, motion.x.isFinite, motion.y.isFinite,
              motion.z.isFinite else { return }
        breathing?.append(motion)
    }

    /// Index of the grid slot `elapsed` seconds after the origin falls in. Capped (at 2⁶⁰) so a timestamp jump
    /// that no `Int` can count — a replayed file may hold one — cannot trap; the grid then simply resumes there.
    static func gridIndex(_ elapsed: Double, step: Double) -> Int {
        let slot = (elapsed / step).rounded(.down)
        return slot < 0x1p60 ? Int(slot) : 1 << 60
    }

    /// The grid origin, set by the first frame after init or reset.
    private mutating func startGridsIfNeeded(at time: Double) -> Double {
        if let origin { return origin }
        origin = time
        nextSubTick = 1
        nextTick = 1
        breathing = LiveBreathingEstimator(
            readingStart: time, configuration: BreathingConfiguration(motionBreathing: options.motionBreathing))
        return time
    }

    /// Finds gaps and level steps (`LevelStep`, on the pulse channel) among the recent frames and analyses the last
    /// `beatWindowSeconds` of the current run on `channel`.
    private mutating func analyzeRecentSignal(on channel: PulseChannel) -> RecentPulse? {
        guard let newest = frames.newest else { return nil }
        let scanned = frames.frames(from: frames.firstIndex(notBefore: newest.timestamp - Self.beatWindowSeconds) - 1)
        if let afterGap = RecentPulse.frameAfterLastGap(scanned.map(\.timestamp),
                                                        maximumGapFrames: Self.maximumGapFrames) {
            runStart = max(runStart, afterGap)
        }
        if channel == self.channel, let step = LevelStep.latest(in: scanned.filter { $0.timestamp >= runStart },
                                                                channel: channel, steadyAmplitude: latestAmplitude) {
            runStart = max(runStart, step.time)
            if step.time > latestStep + LevelStep.sameStepSeconds { previousStep = latestStep }
            latestStep = max(latestStep, step.time)
            if step.relativeChange > LiveContact.levelJump { latestJump = max(latestJump, step.time) }
        }
        let start = max(runStart, newest.timestamp - Self.beatWindowSeconds)
        return RecentPulse(frames: scanned.filter { $0.timestamp >= start }, channel: channel, extractor: extractor,
                           minimumSeconds: Self.minimumAnalysisSeconds)
    }

    /// Reports the beats of `recent` that are confirmed and new, and records their intervals.
    private mutating func confirmBeats(_ recent: RecentPulse) -> [LiveBeat] {
        guard let origin else { return [] }
        let confirmedBefore = recent.newestTime - Self.confirmationDelaySeconds
        var reported: [LiveBeat] = []
        for beat in recent.extraction.beats where beat.peakTime <= confirmedBefore && beat.time >= origin {
            if let last = lastReportedBeatTime, beat.time <= last + Self.minimumBeatSeparationSeconds { continue }
            reported.append(report(beat))
        }
        return reported
    }

    /// Records one new beat: its interval, the Malik screening and the breathing features.
    private mutating func report(_ beat: DetectedBeat) -> LiveBeat {
        var intervalMs: Double? = nil
        if let last = lastReportedBeatTime, last >= channelRunStart,
           beat.time - last <= Self.maximumIntervalSeconds {
            intervalMs = 1000 * (beat.time - last)
        }
        lastReportedBeatTime = beat.time
        var accepted = true
        if let intervalMs {
            accepted = intervals.record(intervalMs: intervalMs, endTime: beat.time)
        } else {
            intervals.breakSeries()
        }
        breathing?.append(BreathingBeat(time: beat.time, intervalMs: accepted ? intervalMs : nil,
                                        amplitude: beat.amplitude, intensity: beat.meanIntensity,
                                        isValid: accepted))
        return LiveBeat(time: beat.time, ibiMs: intervalMs)
    }

    /// The tick at sample time `time` from the frames up to the newest and the recent analysis.
    private mutating func makeTick(time: Double, recent: RecentPulse?) -> LiveTick {
        let newest = frames.newest!
        let now = newest.timestamp
        let lastSecond = frames.firstIndex(notBefore: now - Self.tickSeconds + 1e-9)
        var plausible = 0, saturation = 0.0
        for index in lastSecond..<frames.count {
            if ContactRule.isPlausibleFingertip(frames[index]) { plausible += 1 }
            saturation += qualityMeter.saturation(of: frames[index])
        }
        let frameCount = Double(frames.count - lastSecond)
        let plausibleShare = Double(plausible) / frameCount
        var recent = recent
        let settled = now - latestStep >= LiveQualityMeter.windowSeconds
            || latestStep - previousStep > LevelStep.repeatSeconds
        var quality = recent.flatMap { pulse in settled ? qualityMeter.evaluate(
            pulse, channel: channel, plausibleShare: plausibleShare, steadyAmplitude: steadyAmplitude) : nil }
        let current = recent.flatMap { pulse in quality.map { ($0, Self.amplitude(of: pulse)) } }
        if let better = betterChannel(than: current, lastSecond: lastSecond, plausibleShare: plausibleShare) {
            channel = better.channel
            recent = better.recent
            quality = better.quality
            intervals.clear()  // intervals read on another channel are not this one's
            channelSwitchTime = now
            steadyAmplitude = 0
        }
        let amplitude = recent.map(Self.amplitude) ?? 0
        latestAmplitude = amplitude
        if quality?.showsPulse == true { steadyAmplitude = amplitude }
        let score = quality?.score
        let elapsed = time - (origin ?? time)
        let noise = frameNoise(now: now)
        let belowPass = (score ?? 0) < QualityScore.passThreshold
        let faint = amplitude < LiveTick.pulseToNoiseFloor * noise
        let sustainedRate = (belowPass || faint) && settled ? sustainedRateBpm(now: now) : nil
        let faintConfirmed = faint && hasFullSustainedWindow(now: now)
            && Self.agree(sustainedRateBpm: sustainedRate, peakHz: quality?.peakHz)
        let longLook = belowPass || faint ? longLook(now: now, plausibleShare: plausibleShare, faint: faint) : nil
        let peakHolds = faintPeakHold.record(time: now, peakBpm: longLook?.peakBpm,
                                             runSince: runStart + SustainedPulse.windowSeconds - 0.5)
        let touching = contact.update(time: time, lastSecond: frames.frames(from: lastSecond),
                                      showsPulse: quality?.showsPulse ?? false,
                                      levelJumped: levelJumped(recent, now: now))
        let heldLong = faintPeakRun.record(peakBpm: faint && touching
            && amplitude >= options.minimumAmplitude * LiveTick.cleanPulseAmplitudeShare ? longLook?.peakBpm : nil)
        let standsOut = (longLook?.standsOut ?? false) && peakHolds
        let evidence = heldLong ? FaintPeakRun.evidenceSeconds : standsOut ? SustainedPulse.windowSeconds : 0
        let runSeconds = max(0, time - runStart)
        return LiveTick(
            time: time,
            contact: touching,
            qualityScore: score,
            amplitude: amplitude,
            measuredFps: measuredFps(lastSecond: lastSecond), saturationFraction: saturation / frameCount,
            redDc: newest.red,
            heartRateBpm: provisionalHeartRate(now: now, score: score, longPeakBpm: longLook?.peakBpm),
            rmssdMs: elapsed >= Self.rmssdFromSeconds && intervals.pairCount >= Self.rmssdMinimumPairs
                ? intervals.rmssdMs : nil,
            breathingRateBrpm: breathing?.estimate(at: now)?.rate?.brpm,
            estimate: estimate(now: now, quality: score),
            sustainedPulse: belowPass && sustainedRate != nil,
            disturbed: now - latestStep < LiveQualityMeter.windowSeconds,
            showsCleanPulse: quality?.showsCleanPulse ?? false,
            frameNoise: noise, faintPulseConfirmed: faintConfirmed && peakHolds, faintPulseStandsOut: standsOut,
            faintPeakHeld: heldLong, longWindowPeakBpm: longLook?.peakBpm,
            faintPulseEvidenceSeconds: min(evidence, runSeconds), runSeconds: runSeconds)
    }

    /// The provisional heart rate at `now`: the rate of the intervals accepted over the last
    /// `heartRateWindowSeconds` (`LiveIntervalLog`) while the quality score `score` passes, unless the tick looked
    /// for a faint pulse over the last `SustainedPulse.windowSeconds` (`longLook`, whose spectral peak is
    /// `longPeakBpm`) and the rate lies farther from that peak than the final analysis lets a beat rate lie from the
    /// spectrum for a trustworthy heart rate (`FinalAnalyzer.spectralAgreementBpm`). A faint pulse's beat train
    /// loses beats and takes dicrotic waves for beats, and its 10 s of intervals can show half, two thirds or one
    /// and a half times the rate while its 15 s peak stays where the heart beats.
    private func provisionalHeartRate(now: Double, score: Double?, longPeakBpm: Double?) -> Double? {
        guard (score ?? 0) >= QualityScore.passThreshold,
              let rate = intervals.heartRateBpm(endingAfter: now - Self.heartRateWindowSeconds,
                                                minimumCount: Self.heartRateMinimumIntervals) else { return nil }
        guard let longPeakBpm else { return rate }
        return abs(rate - longPeakBpm) <= FinalAnalyzer.spectralAgreementBpm ? rate : nil
    }

    /// σ of the frame noise on `channel` over the last `amplitudeWindowSeconds` of frames (`FrameNoise`).
    private func frameNoise(now: Double) -> Double {
        let recent = frames.frames(from: frames.firstIndex(notBefore: now - Self.amplitudeWindowSeconds))
        return FrameNoise.sigma(recent.map { channel.value(in: $0) })
    }

    /// Whether a sustained pulse's rate lies within `LiveQualityMeter.rateAgreement` of the quality window's peak.
    private static func agree(sustainedRateBpm: Double?, peakHz: Double?) -> Bool {
        guard let sustainedRateBpm, let peakHz else { return false }
        return abs(sustainedRateBpm / 60 - peakHz) <= LiveQualityMeter.rateAgreement * peakHz
    }

    /// The last `SustainedPulse.windowSeconds` of the run judged as one window (`LiveQuality` over 15 s): whether a
    /// `faint` pulse stands out of the noise there (`LiveQuality.standsOutOfNoise`) on the pulse channel or, failing
    /// that, on another candidate channel (a faint pulse may show on green while the live channel is a clipped red,
    /// or the other way round; the live channel follows the 5 s windows), and the spectral peak of the channel it
    /// stands out on (the pulse channel's when on none). Nil until the run (gap- and step-free) spans the window. A
    /// channel switch does not shorten this run: the frames are the same, only read on the new channel (faint pulses
    /// under a clipped red and a dim green switch back and forth every few seconds).
    private mutating func longLook(now: Double, plausibleShare: Double, faint: Bool)
        -> (standsOut: Bool, peakBpm: Double)? {
        guard runStart <= now - SustainedPulse.windowSeconds + 0.5 else { return nil }
        let window = frames.frames(from: frames.firstIndex(notBefore: now - SustainedPulse.windowSeconds))
        var look: (standsOut: Bool, peakBpm: Double)?
        for candidate in [channel] + LiveChannelChoice.candidates.filter({ $0 != channel }) {
            guard let recent = RecentPulse(frames: window, channel: candidate, extractor: extractor,
                                           minimumSeconds: SustainedPulse.minimumSeconds),
                  let quality = faintPulseMeter.evaluate(recent, channel: candidate, plausibleShare: plausibleShare,
                                                         steadyAmplitude: steadyAmplitude) else { continue }
            let standsOut = faint && quality.standsOutOfNoise
            if look == nil || standsOut { look = (standsOut, 60 * quality.peakHz) }
            if standsOut || !faint { break }
        }
        return look
    }

    /// Start of the run read on the current `channel`: the later of the frames' run start (`runStart`) and the
    /// last channel switch, so that no interval and no sustained-pulse window mixes two channels. A reading's
    /// start does not end the run: the frame history carries on.
    private var channelRunStart: Double {
        max(runStart, channelSwitchTime)
    }

    /// Whether the current run on `channel` spans the whole `SustainedPulse.windowSeconds`.
    private func hasFullSustainedWindow(now: Double) -> Bool {
        channelRunStart <= now - SustainedPulse.windowSeconds + 0.5
    }

    /// The rate of the sustained pulse the last `SustainedPulse.windowSeconds` of the current run hold on `channel`.
    private mutating func sustainedRateBpm(now: Double) -> Double? {
        let start = max(channelRunStart, now - SustainedPulse.windowSeconds)
        let recent = frames.frames(from: frames.firstIndex(notBefore: start))
        return sustainedPulse.rateBpm(in: recent, channel: channel)
    }

    /// Another channel to read the pulse from, when the current one's level is unusable (clipped, dark), its
    /// quality is below the pass threshold or its amplitude below `LiveOptions.minimumAmplitude`, and another usable
    /// channel reads clearly better (`LiveChannelChoice.fitness`); nil to stay. Only looked at when the current
    /// channel is not doing well, so a good reading never pays for it.
    private mutating func betterChannel(than current: (quality: LiveQuality, amplitude: Double)?, lastSecond: Int,
                                        plausibleShare: Double)
        -> (channel: PulseChannel, recent: RecentPulse, quality: LiveQuality)? {
        let currentUsable = usableLevel(channel, lastSecond: lastSecond)
        let currentFitness = current.map { fitness($0.quality, amplitude: $0.amplitude) } ?? 0
        guard !currentUsable || currentFitness < LiveChannelChoice.fitnessOfAGoodChannel else { return nil }
        var best: (channel: PulseChannel, recent: RecentPulse, quality: LiveQuality, fitness: Double)?
        for candidate in LiveChannelChoice.candidates where candidate != channel
            && usableLevel(candidate, lastSecond: lastSecond) {
            guard let recent = analyzeRecentSignal(on: candidate),
                  let quality = qualityMeter.evaluate(recent, channel: candidate, plausibleShare: plausibleShare,
                                                      steadyAmplitude: Self.amplitude(of: recent))
            else { continue }
            let candidateFitness = fitness(quality, amplitude: Self.amplitude(of: recent))
            if candidateFitness > (best?.fitness ?? -1) { best = (candidate, recent, quality, candidateFitness) }
        }
        guard let best, best.quality.score > 0 else { return nil }
        let margin = currentUsable ? LiveChannelChoice.switchMargin : 0
        return best.fitness >= currentFitness + margin ? (best.channel, best.recent, best.quality) : nil
    }

    /// How well a channel reads: its quality score, plus one when its amplitude reaches the minimum.
    private func fitness(_ quality: LiveQuality, amplitude: Double) -> Double {
        quality.score + (amplitude >= options.minimumAmplitude ? 1 : 0)
    }

    /// Robust peak-to-peak of the last `amplitudeWindowSeconds` of the band-passed pulse, counts.
    private static func amplitude(of recent: RecentPulse) -> Double {
        Statistics.robustPeakToPeak(Array(recent.recentPulseSamples(seconds: amplitudeWindowSeconds))) ?? 0
    }

    /// Whether the level of the pulse channel jumped within the last `LiveContact.levelJumpSeconds`: a step that
    /// large was found, or the level moves that fast within `recent` (the analysis may have restarted after it).
    private func levelJumped(_ recent: RecentPulse?, now: Double) -> Bool {
        let window = (now - LiveContact.levelJumpSeconds)...now
        return window.contains(latestJump) || recent.map {
            BaselineSlew.relativeSlew(frames: $0.frames, channel: channel, window: window) > LiveContact.levelJump
        } ?? false
    }

    /// Whether `channel`'s level over the last second allows reading a pulse from it (`ChannelChoice`'s rule).
    private func usableLevel(_ channel: PulseChannel, lastSecond: Int) -> Bool {
        var sum = 0.0, clipped = 0
        for index in lastSecond..<frames.count {
            let value = channel.value(in: frames[index])
            sum += value
            if value >= LiveChannelChoice.clipLevel { clipped += 1 }
        }
        let count = Double(max(frames.count - lastSecond, 1))
        return ChannelChoice.hasUsableLevel((sum / count, Double(clipped) / count))
    }

    /// Frames per second over the last second: the frames in it over the time since the frame before it (or, at
    /// the start, since the first of them).
    private func measuredFps(lastSecond: Int) -> Double {
        let now = frames[frames.count - 1].timestamp
        let reference = lastSecond > 0 ? lastSecond - 1 : lastSecond
        let span = now - frames[reference].timestamp
        let intervalsCounted = frames.count - 1 - reference
        return span > 0 ? Double(intervalsCounted) / span : 0
    }

    /// The live estimate over the intervals of the last `estimateWindowSeconds`.
    private func estimate(now: Double, quality: Double?) -> LiveEstimate {
        let counts = intervals.discardCounts(endingAfter: now - Self.estimateWindowSeconds)
        guard counts.total >= Self.estimateMinimumIntervals else { return .none }
        let ratio = Double(counts.rejected) / Double(counts.total)
        let trusted = ratio < Self.withheldDiscardRatio && (quality ?? 0) >= QualityScore.passThreshold
        return trusted ? .accepted(discardRatio: ratio) : .withheld(discardRatio: ratio)
    }
}
