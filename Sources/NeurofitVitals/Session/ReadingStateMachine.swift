import PpgCore
import StrictJSON

/// The reading lifecycle (docs/behaviour.md) as a pure value: preview ticks, beats and commands in;
/// events and the actions the session must take out. No threads, no clock, no I/O, so a recording replays to the
/// same events bit for bit and every rule is unit-testable.
public struct ReadingStateMachine: Sendable {
    /// Something the session must do for the machine.
    public enum Action: Sendable, Equatable {
        /// A reading starts: reset the live signal and keep the attempt's samples from `time` on (the tick's time, or
        /// earlier for a start on a faint pulse's evidence: the session seeds the attempt with the positioning
        /// samples it kept from there); lock exposure.
        case startReading(at: Double)
        /// The attempt ended without a result: unlock exposure, drop its samples.
        case abandonReading
        /// The duration was captured: release the source and compute the result over `from..<to` (sample time).
        case finalize(from: Double, to: Double)
        /// The session no longer needs its source (idle after a cancel, stop, failure).
        case releaseSource
    }

    /// The events and actions one input produced, in order.
    public struct Output: Sendable, Equatable {
        /// The events for the host, in the order they arose.
        public var events: [SessionEvent] = []
        /// What the session must do for the machine, in order.
        public var actions: [Action] = []
        /// Sample time the events arose at (the session's latest frame), for their `t`; nil before any frame and for
        /// positioning's start.
        public var time: Double?

        /// An output with these events and actions.
        public init(events: [SessionEvent] = [], actions: [Action] = []) {
            self.events = events
            self.actions = actions
        }
    }

    /// A measured frame rate below this share of the tier is a frame drop.
    public static let frameDropFraction = 0.7

    /// Largest relative difference between the final heart rate of a reading begun on a faint pulse's evidence and
    /// the 15 s peak that evidence showed at the opening tick. A faint pulse's 15 s peak stays within a few percent
    /// of its rate; a final analysis answering far from it reads something else in a signal that weak (a 138 bpm
    /// pulse of 0.9 counts under a clipped red answered 55 bpm), so that answer is withheld.
    public static let faintStartRateAgreement = 0.15

    /// The longest step between two ticks (sample time) a reading goes on across: the longest disturbance the final
    /// analysis can cut out. A longer jump cancels the attempt (`timestamp_jump`) instead of ending it early.
    public static let maximumTimestampJumpSeconds = FinalAnalyzer.maximumCutSeconds

    /// The current state.
    public private(set) var state: SessionState = .idle
    /// While false, positioning continues but no reading starts (`isAutoStartEnabled`).
    public var isAutoStartEnabled = true
    /// Whether `stop()` was applied (the host's stop, or the source's end, in their place among the frames); the
    /// event stream ends after what it still owes. Private: the session answers "was it stopped?" itself, at once.
    private var isStopped = false

    private let configuration: VitalsConfiguration
    /// The auto-start gate over positioning's previews (`startWindowSeconds`, `startRequiredFraction`).
    private var startGate: StartGate
    /// The cancel checks of the current attempt (restarted at every start).
    private var checks: CancelChecks
    /// Sample time the reading's samples begin at: where elapsed, progress and the finalized span count from.
    private var readingStart = 0.0
    /// Sample time of the tick that opened the gate: where the live analysis restarted, so where the live values'
    /// own clocks (sticky RMSSD, breathing, the trajectory) count from.
    private var openingTime = 0.0
    /// The opening tick's 15 s spectral peak (bpm) when the reading began on a faint pulse's evidence, before that
    /// tick: the rate that evidence showed, which the final heart rate must agree with (`faintStartRateAgreement`).
    private var faintStartPeakBpm: Double?
    /// Sample time of positioning's first tick (nil before one): the positioning timeout, the start's longest wait and
    /// the earliest a reading may begin count from it.
    private var positioningStart: Double?
    /// Sample time of the latest positioning tick without contact (nil before one): a reading never begins before
    /// it.
    private var lastNoContactTime: Double?
    /// The live RMSSD the previews carry: the latest one measured 20 s or more into the attempt, kept when a tick
    /// has none.
    private var stickyRmssd: Double?
    /// The smoothed signal level the previews carry (restarted at every start).
    private var signalLevel = SignalLevelSmoother()
    /// The live signal's course over the current (or last) attempt, for the result's diagnostics.
    public private(set) var trajectory = ReadingTrajectory()
    /// The latest tick's quality score, for cancel contexts.
    private var lastQuality: Double?
    /// The latest tick's sample time: a longer step to the next than `maximumTimestampJumpSeconds` cancels.
    private var lastTickTime: Double?
    /// The latest tick's red level, for cancel contexts (and whether exposure was in band).
    private var lastRedDc: Double?
    /// The host's cancel while measuring, with its reason, applied at the next tick in its place among the frames.
    private var pendingHostCancel: String?
    /// Whether the attempt had a beat yet: the first beat of an attempt has no interval.
    private var sawFirstBeat = false
    /// The camera's frame-rate tier (frames per second), for the frame-drop check and cancel contexts.
    public var fpsTier: Int
    /// The source's description (camera name and bus), for cancel contexts.
    public var deviceModel: String
    /// Whether the source's capture has settled (for a camera: its exposure tuner locked or kept its best step).
    /// Sources that do not tune stay settled. With `requireExposureConverged`, the start waits for it.
    public var isCaptureSettled = true

    /// A machine for one session.
    public init(configuration: VitalsConfiguration, fpsTier: Int, deviceModel: String) {
        self.configuration = configuration
        self.fpsTier = fpsTier
        self.deviceModel = deviceModel
        startGate = StartGate(windowSeconds: configuration.advanced.startWindowSeconds,
                              requiredFraction: configuration.advanced.startRequiredFraction)
        checks = CancelChecks(advanced: configuration.advanced)
    }

    /// `start()`: idle → positioning.
    public mutating func begin() -> Output {
        var output = Output()
        guard case .idle = state, !isStopped else { return output }
        enterPositioning(&output)
        return output
    }

    /// One preview tick of signal (about once per second of sample time).
    public mutating func handle(_ tick: LiveTick) -> Output {
        var output = Output()
        defer { lastTickTime = tick.time }
        lastQuality = tick.qualityScore
        lastRedDc = tick.redDc
        switch state {
        case .positioning:
            position(tick, &output)
        case .measuring:
            if let lastTickTime, tick.time - lastTickTime > Self.maximumTimestampJumpSeconds {
                return interrupt(.timestampJump)
            }
            measure(tick, &output)
        default: break
        }
        return output
    }

    /// A beat the live analyzer confirmed, with its interval from the previous beat (nil after a gap).
    public mutating func handleBeat(ibiMs: Double?) -> Output {
        var output = Output()
        guard case .measuring = state else { return output }
        if sawFirstBeat, let ibiMs { checks.record(beatIntervalMs: ibiMs) }
        output.events.append(.heartbeat(ibiMs: sawFirstBeat ? ibiMs : nil))
        sawFirstBeat = true
        return output
    }

    /// The host's `cancelReading(reason)`: applies at the next measuring tick (the fifth check); ignored unless
    /// measuring.
    public mutating func requestCancel(reason: String) {
        if case .measuring = state { pendingHostCancel = reason }
    }

    /// A camera-side interruption (tier drop, stall, unplug): cancels a reading in progress with `interrupted` and
    /// returns to positioning whatever `autoRestartAfterCancel` says (the camera recovers in place).
    public mutating func interrupt(_ reason: CancelReason, reconfiguredTier: Int? = nil) -> Output {
        var output = Output()
        let wasMeasuring: Bool
        if case .measuring = state { wasMeasuring = true } else { wasMeasuring = false }
        guard wasMeasuring || state == .positioning else { return output }
        if wasMeasuring {
            output.events.append(.cancelled(reason, context(for: reason)))
            output.actions.append(.abandonReading)
        }
        if let reconfiguredTier {
            fpsTier = reconfiguredTier
            output.events.append(.reconfiguringCamera(fpsTier: reconfiguredTier))
        }
        // A stalled camera restarted once is a recoverable `cameraStalled` (a second one fails the session).
        if reason == .cameraStalled { output.events.append(.recoverableError("cameraStalled")) }
        if wasMeasuring { enterPositioning(&output) } else { startGate.reset() }
        return output
    }

    /// The final analysis finished.
    public mutating func finish(_ outcome: Result<ReadingResult, VitalsError>) -> Output {
        var output = Output()
        guard case .finalizing = state else { return output }
        switch outcome {
        case .success(let result):
            if let error = faintStartDisagreement(result) {
                output.events.append(.failed(error))
                transition(to: .failed(error), &output)
            } else {
                output.events.append(.completed(result))
                transition(to: .completed(result), &output)
            }
        case .failure(let error):
            output.events.append(.failed(error))
            transition(to: .failed(error), &output)
        }
        return output
    }

    /// `noHeartRate` when the reading began on a faint pulse's evidence and `result`'s heart rate lies farther than
    /// `faintStartRateAgreement` from the rate that evidence showed (`faintStartPeakBpm`); nil otherwise.
    private func faintStartDisagreement(_ result: ReadingResult) -> VitalsError? {
        guard let peak = faintStartPeakBpm, peak > 0 else { return nil }
        let bpm = result.analysis.heartRateBpm
        guard abs(bpm - peak) > Self.faintStartRateAgreement * peak else { return nil }
        return VitalsError(.noHeartRate, "No heart rate could be recovered from the reading "
            + "(faint_start_disagreement): the final analysis found \(JSONValue.numberText(bpm.rounded())) bpm, "
            + "the faint pulse the reading began on \(JSONValue.numberText(peak.rounded())) bpm.")
    }

    /// A failure that ends the session (camera lost for good, say).
    public mutating func fail(_ error: VitalsError) -> Output {
        var output = Output()
        guard !state.isTerminal, !isStopped else { return output }
        output.events.append(.failed(error))
        transition(to: .failed(error), &output)
        output.actions.append(.releaseSource)
        return output
    }

    /// `stop()`: final and idempotent. Before the result is owed it ends the session (`state(idle)`); while
    /// finalizing the result is still delivered; a terminal state is kept.
    public mutating func stop() -> Output {
        var output = Output()
        guard !isStopped else { return output }
        isStopped = true
        switch state {
        case .positioning, .measuring:
            if case .measuring = state { output.actions.append(.abandonReading) }
            transition(to: .idle, &output)
            output.actions.append(.releaseSource)
        case .idle, .finalizing, .completed, .failed:
            output.actions.append(.releaseSource)
        }
        return output
    }

    /// Whether the machine owes no more events: stopped outside finalizing, or terminal.
    public var isFinished: Bool {
        state.isTerminal || (isStopped && state != .finalizing)
    }

    // MARK: - Positioning

    private mutating func position(_ tick: LiveTick, _ output: inout Output) {
        if positioningStart == nil { positioningStart = tick.time }
        if !tick.contact { lastNoContactTime = tick.time }
        let guidance = guidance(for: tick)
        startGate.record(eligible: guidance == .compliant && exposureAllowsStart(tick),
                         faintEvidenceSeconds: faintEvidenceSeconds(of: tick))
        output.events.append(.guidance(guidance, startProgress: startGate.progress))
        guard startGate.isOpen, isAutoStartEnabled else {
            failIfPositioningTimedOut(tick, lastGuidance: guidance, &output)
            return
        }
        openingTime = tick.time
        readingStart = evidenceStart(of: tick)
        faintStartPeakBpm = readingStart < tick.time ? tick.longWindowPeakBpm : nil
        checks = CancelChecks(advanced: configuration.advanced, startPeakBpm: tick.longWindowPeakBpm)
        stickyRmssd = nil
        signalLevel = SignalLevelSmoother()
        trajectory = ReadingTrajectory()
        sawFirstBeat = false
        pendingHostCancel = nil
        let elapsed = tick.time - readingStart
        transition(to: .measuring(elapsed: elapsed), &output)
        output.actions.append(.startReading(at: readingStart))
        output.events.append(.started)
        output.events.append(.preview(.atStart(elapsed: elapsed, readingDuration: configuration.readingDuration)))
    }

    /// Where a reading opened by `tick` begins. When a tick of the gate that opened was eligible only because a
    /// faint pulse stands out of the noise over the last seconds (`faintEvidenceSeconds(of:)`), the pulse was there
    /// for the whole span of that look before that tick, and every tick of the gate since was eligible: the reading
    /// begins the longest such span (at most `LiveTick.longestEvidenceSeconds`) before the opening tick, whatever
    /// made the opening tick itself eligible, never before positioning began, its latest tick without contact or the
    /// opening tick's run (`LiveTick.runSeconds`: the last frame gap or level step). A gate filled without that
    /// evidence begins at the tick.
    private func evidenceStart(of tick: LiveTick) -> Double {
        let span = min(startGate.longestFaintEvidenceSeconds, LiveTick.longestEvidenceSeconds)
        guard span > 0 else { return tick.time }
        let earliest = max(positioningStart ?? tick.time, lastNoContactTime ?? -Double.infinity,
                           tick.time - max(tick.runSeconds, 0))
        return min(tick.time, max(tick.time - span, earliest))
    }

    /// The span of faint-pulse evidence `tick` counts through (`LiveTick.faintPulseEvidenceSeconds`) when it is
    /// readable only because a faint pulse stands out (`LiveTick.faintPulseStandsOut`) or its 15 s peak held its rate
    /// over half a minute (`LiveTick.faintPeakHeld`): without them, its guidance would not be `compliant`; 0 for any
    /// other tick.
    private func faintEvidenceSeconds(of tick: LiveTick) -> Double {
        var plain = tick
        plain.faintPulseStandsOut = false
        plain.faintPeakHeld = false
        guard tick.faintPulseStandsOut || tick.faintPeakHeld, guidance(for: plain) != .compliant else { return 0 }
        return tick.faintPulseEvidenceSeconds
    }

    /// `advanced.positioningTimeoutSeconds` (sample time since positioning began): fails the session with
    /// `noHeartRate`, naming the last guidance, rather than positioning forever.
    private mutating func failIfPositioningTimedOut(_ tick: LiveTick, lastGuidance: Guidance,
                                                    _ output: inout Output) {
        guard let limit = configuration.advanced.positioningTimeoutSeconds, limit > 0,
              let positioningStart, tick.time - positioningStart > limit else { return }
        let seconds = JSONValue.numberText(limit)
        let error = VitalsError(.noHeartRate, "Positioning timed out: no reading started within \(seconds) s "
            + "(positioningTimeoutSeconds); the last guidance was \(lastGuidance.rawValue)")
        let failure = fail(error)
        output.events += failure.events
        output.actions += failure.actions
    }

    private func guidance(for tick: LiveTick) -> Guidance {
        if !tick.contact { return .noContact }
        if tick.measuredFps < Self.frameDropFraction * Double(fpsTier) { return .frameDrop }
        if !tick.showsReadablePulse(minAmplitude: configuration.advanced.minAmplitude) { return .weakSignal }
        if !tick.passesStartQuality(floor: configuration.advanced.startQualityFloor) { return .lowQuality }
        return .compliant
    }

    private func exposureAllowsStart(_ tick: LiveTick) -> Bool {
        guard configuration.advanced.requireExposureConverged, !isCaptureSettled else { return true }
        return tick.time - (positioningStart ?? tick.time) >= configuration.advanced.startMaxWaitSeconds
    }

    // MARK: - Measuring

    /// One measuring tick. `elapsed` (previews, progress, completion, cancel contexts) counts from the reading's
    /// start; the live values' clocks (RMSSD from 20 s, breathing from 30 s, the trajectory) count from the
    /// opening tick, where the live analysis restarted, so they mean what they do on a reading that began there.
    private mutating func measure(_ tick: LiveTick, _ output: inout Output) {
        let elapsed = tick.time - readingStart
        let live = tick.time - openingTime
        state = .measuring(elapsed: elapsed)
        checks.record(tick)
        trajectory.record(tick, elapsed: live, frameDropFloor: Self.frameDropFraction * Double(fpsTier))
        if live >= 20, let rmssd = tick.rmssdMs { stickyRmssd = rmssd }
        output.events.append(.preview(LivePreview(
            elapsed: elapsed, progress: min(1, max(0, elapsed / configuration.readingDuration)),
            heartRateBpm: tick.heartRateBpm, rmssdMs: stickyRmssd,
            breathingRateBrpm: live >= 30 ? tick.breathingRateBrpm : nil,
            signalLevel: signalLevel.level(score: tick.qualityScore, cancelNear: checks.isPoorSignalCancelNear),
            abortRisk: checks.abortRisk)))
        let complete = elapsed >= configuration.readingDuration - 1e-9
        if let reason = checks.firstFiring() ?? pendingHostCancel.map(CancelReason.host)
            ?? (complete ? checks.firingAtEnd() : nil) {
            cancel(reason, &output)
        } else if complete {
            output.events.append(.measurementComplete)
            transition(to: .finalizing, &output)
            output.actions.append(.finalize(from: readingStart, to: readingStart + configuration.readingDuration))
        }
    }

    private mutating func cancel(_ reason: CancelReason, _ output: inout Output) {
        output.events.append(.cancelled(reason, context(for: reason)))
        output.actions.append(.abandonReading)
        if configuration.autoRestartAfterCancel {
            enterPositioning(&output)
        } else {
            transition(to: .idle, &output)
            output.actions.append(.releaseSource)
        }
    }

    private func context(for reason: CancelReason) -> CancelContext {
        let elapsed: Double? = if case .measuring(let elapsed) = state { elapsed } else { nil }
        return CancelContext(
            reason: reason.detail, elapsedSeconds: elapsed, qualityScore: lastQuality, effectiveFps: fpsTier,
            deviceModel: deviceModel, redDc: lastRedDc, exposureInBand: lastRedDc.map {
                $0 >= configuration.advanced.exposureDcMin && $0 <= configuration.advanced.exposureDcMax
            })
    }

    // MARK: - Transitions

    private mutating func enterPositioning(_ output: inout Output) {
        startGate.reset()
        positioningStart = nil
        lastNoContactTime = nil
        pendingHostCancel = nil
        transition(to: .positioning, &output)
    }

    private mutating func transition(to newState: SessionState, _ output: inout Output) {
        state = newState
        output.events.append(.state(newState))
    }
}
