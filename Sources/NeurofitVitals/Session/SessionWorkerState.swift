import PpgCore

/// Everything a session's worker thread owns: the state machine, the engine, the attempt's samples, the wall time
/// of the first frame and the recording. Turns commands into machine outputs, applying the engine-side actions
/// itself.
struct SessionWorkerState {
    /// The reading's lifecycle, fed every command, tick and beat.
    private(set) var machine: ReadingStateMachine
    /// `start()` succeeded and positioning has not begun yet: it begins with the first frame or `.begin`.
    var beginPending = false
    /// How many times `start()` opened the source: items from an earlier opening are stale and dropped.
    var opening = 0
    /// The live and final analysis (frames and motion in, ticks, beats and the result out).
    private var engine: any ReadingEngine
    private let configuration: VitalsConfiguration
    /// Whether the source's first second is exposure settling, not analysed (`SourceInfo.discardsSettlingSecond`).
    private let discardsSettlingSecond: Bool
    /// Where motion samples come from when the capture settings name no accelerometer (`SourceInfo.motionOrigin`).
    private let motionOrigin: String
    /// Frames before this sample time are not analysed (exposure settling after the source starts).
    private var settleUntil: Double?
    /// Whether the machine is measuring an attempt whose samples are being kept.
    private var keepingAttempt = false
    /// The measuring attempt's frames and motion samples, from where its reading begins: what it finalizes over.
    private var attemptFrames: [FrameSample] = []
    private var attemptMotion: [MotionSample] = []
    /// The latest seconds of positioning's samples, for a reading that begins before its opening tick.
    private var positioningSamples = PositioningSamples(seconds: LiveTick.longestEvidenceSeconds)
    /// Wall-clock time (Unix s) of the session's first frame, read once (a replay's: the recorded one), and kept
    /// through a restart: the result's `capturedAt`. Never a sample time added to it, so never in the future.
    private var firstFrameWallTime: Double?
    /// A replayed recording's own wall time of its first frame, used in place of the clock's.
    private let recordedFirstFrameWallTime: Double?
    /// The reading's identifier (the result's `id`, the recording's anchor).
    private let readingId: String
    /// Where the session's inputs are recorded, when the host asked for a recording.
    private var recorder: SessionRecorder?
    /// The source's latest capture settings (cameras and their replays), for cancel contexts and the result.
    private var captureSettings: CaptureSettings?
    /// Outputs produced outside a command (a recording failure at creation), delivered with the next one.
    private var unreported: [ReadingStateMachine.Output] = []
    /// Whether positioning has begun at least once (an idle machine before that is not an ended session).
    private var hasBegun = false
    /// Timestamp of the latest frame consumed: the sample time the events are stamped with (`t`).
    private var latestFrameTime: Double?

    init(machine: ReadingStateMachine, engine: any ReadingEngine, configuration: VitalsConfiguration,
         source: SourceInfo, readingId: String, recorder: SessionRecorder?) {
        self.machine = machine
        self.engine = engine
        self.configuration = configuration
        discardsSettlingSecond = source.discardsSettlingSecond
        motionOrigin = source.motionOrigin
        recordedFirstFrameWallTime = source.recordedIdentity?.firstFrameWallTime
        self.readingId = readingId
        self.recorder = recorder
        attemptFrames.reserveCapacity(Int(configuration.readingDuration * 64))
        // The recording starts with the auto-start choice, so a replay begins as the session did.
        unreported = record(.control(timestamp: nil, .autoStart(machine.isAutoStartEnabled)))
    }

    /// Sets the machine's auto-start between two frames and records it; returns a recording failure's event.
    mutating func setAutoStart(_ enabled: Bool) -> ReadingStateMachine.Output {
        machine.isAutoStartEnabled = enabled
        let failures = record(.control(timestamp: recorder?.lastTimestamp, .autoStart(enabled))).flatMap(\.events)
        return stamped(ReadingStateMachine.Output(events: failures))
    }

    /// Handles one command; `wallClock` is read once, at the first frame.
    /// Every output carries the sample time of the latest frame (for the events' `t`) except positioning's start,
    /// which may come before any frame or with the first: so that a live run and its replay agree, it never does.
    mutating func handle(_ command: SessionCommand, wallClock: () -> Double) -> [ReadingStateMachine.Output] {
        var outputs: [ReadingStateMachine.Output] = unreported
        unreported = []
        var unstamped: [ReadingStateMachine.Output] = []
        switch command {
        case .begin:
            unstamped = beginIfPending()
        case .cancel(let reason):
            outputs += record(.control(timestamp: recorder?.lastTimestamp, .hostCancel(reason: reason)))
            machine.requestCancel(reason: reason)
        case .stop:
            outputs += [applied(machine.stop())]
        case .item(let item, let opening):
            guard opening == self.opening else { break }
            if case .frame = item { unstamped = beginIfPending() }
            outputs += handle(item, wallClock: wallClock)
        }
        if machine.isFinished || (hasBegun && machine.state == .idle), let recorder {
            outputs += report(recorder.close(reason: machine.state.name))
            self.recorder = nil
        }
        return (unstamped + outputs.map(stamped)).map(withCaptureFacts)
    }

    /// `output` with the sample time of the latest frame consumed.
    private func stamped(_ output: ReadingStateMachine.Output) -> ReadingStateMachine.Output {
        var output = output
        output.time = latestFrameTime
        return output
    }

    /// The output with the camera's exposure figures added to its cancel contexts (the machine knows no camera).
    private func withCaptureFacts(_ output: ReadingStateMachine.Output) -> ReadingStateMachine.Output {
        guard let settings = captureSettings else { return output }
        var output = output
        output.events = output.events.map { event in
            guard case .cancelled(let reason, var context) = event else { return event }
            context.exposureIso = settings.exposureIso
            context.exposureTuneSteps = settings.exposureTunerEnabled ? settings.exposureTuneSteps : nil
            return .cancelled(reason, context)
        }
        return output
    }

    private mutating func handle(_ item: SourceItem, wallClock: () -> Double) -> [ReadingStateMachine.Output] {
        switch item {
        case .frame(let frame):
            return consume(frame, wallClock: wallClock)
        case .motion(let motion):
            guard isConsuming else { return [] }
            engine.push(motion)
            if keepingAttempt {
                attemptMotion.append(motion)
            } else if isPositioning {
                positioningSamples.append(motion)
            }
            return record(.motion(motion))
        case .hostCancel(let reason):
            machine.requestCancel(reason: reason)
            return record(.control(timestamp: recorder?.lastTimestamp, .hostCancel(reason: reason)))
        case .autoStart(let enabled):
            machine.isAutoStartEnabled = enabled
            return record(.control(timestamp: recorder?.lastTimestamp, .autoStart(enabled)))
        case .captureSettings(let settings):
            captureSettings = settings
            machine.isCaptureSettled = settings.exposureSettled
            return record(.camera(timestamp: recorder?.lastTimestamp ?? 0, settings: .object(settings.diagnostics)))
        case .ended:
            return [applied(machine.stop())]
        case .failed(let error):
            return record(.control(timestamp: recorder?.lastTimestamp, .failed(error))) + [applied(machine.fail(error))]
        case .interrupted(let reason, let tier):
            settleUntil = nil
            return record(.control(timestamp: recorder?.lastTimestamp, .interrupted(reason, tier: tier)))
                + [applied(machine.interrupt(reason, reconfiguredTier: tier))]
        }
    }

    /// Whether frames and motion are being consumed (positioning or measuring).
    private var isConsuming: Bool { machine.state != .idle && !machine.isFinished }

    /// Whether the machine is positioning: its samples are kept for a reading that may begin among them.
    private var isPositioning: Bool { machine.state == .positioning && !machine.isFinished }

    private mutating func beginIfPending() -> [ReadingStateMachine.Output] {
        guard beginPending else { return [] }
        beginPending = false
        if hasBegun { restartEngine() }
        hasBegun = true
        settleUntil = nil
        positioningSamples.removeAll()
        return [machine.begin()]
    }

    /// Positioning again after a cancel to idle, on a source opened anew whose clock may begin again (a simulator or
    /// replay starts at 0): the engine starts over, so that positioning does not wait until the new clock passes the
    /// old one.
    private mutating func restartEngine() {
        engine.restart()
        latestFrameTime = nil
    }

    private mutating func consume(_ frame: FrameSample, wallClock: () -> Double) -> [ReadingStateMachine.Output] {
        var outputs: [ReadingStateMachine.Output] = []
        guard isConsuming else { return outputs }
        latestFrameTime = frame.timestamp
        if firstFrameWallTime == nil {
            let wall = recordedFirstFrameWallTime ?? wallClock()
            firstFrameWallTime = wall
            outputs += record(.anchor(timestamp: frame.timestamp, readingId: readingId, wallTime: wall))
        }
        outputs += record(.frame(frame))
        if settleUntil == nil { settleUntil = frame.timestamp + (discardsSettlingSecond ? 1 : 0) }
        guard frame.timestamp >= settleUntil! else { return outputs }
        if keepingAttempt { attemptFrames.append(frame) } else if isPositioning { positioningSamples.append(frame) }
        let step = engine.push(frame)
        outputs += step.beats.map { machine.handleBeat(ibiMs: $0) }
        if let tick = step.tick { outputs.append(applied(machine.handle(tick), tickTime: tick.time)) }
        return outputs.filter { !$0.events.isEmpty || !$0.actions.isEmpty }
    }

    /// Records `record`; a write failure becomes a `recordingError` event (once).
    private func record(_ record: RecordingRecord) -> [ReadingStateMachine.Output] {
        report(recorder?.record(record))
    }

    private func report(_ error: VitalsError?) -> [ReadingStateMachine.Output] {
        guard let error else { return [] }
        return [ReadingStateMachine.Output(events: [.recordingError(error)])]
    }

    /// Applies the engine-side actions of an output (reset at a start, dropping an abandoned attempt); `tickTime` is
    /// the sample time of the tick the output answers, if any.
    private mutating func applied(_ output: ReadingStateMachine.Output,
                                  tickTime: Double? = nil) -> ReadingStateMachine.Output {
        for action in output.actions {
            switch action {
            case .startReading(let start):
                engine.reset()
                seedAttempt(from: start, openingTick: tickTime ?? start)
                keepingAttempt = true
            case .abandonReading, .finalize:
                positioningSamples.removeAll()
                keepingAttempt = false
            case .releaseSource:
                break
            }
        }
        return output
    }

    /// Starts the attempt's samples for a reading beginning at `start` and opened by the tick at `openingTick`. A
    /// reading that begins at its opening tick keeps the frames after the one that produced that tick, as every
    /// reading always has; one that begins earlier (on a faint pulse's evidence) is seeded with the positioning
    /// samples kept from `start` on, that frame included, so its samples run on without a hole.
    private mutating func seedAttempt(from start: Double, openingTick: Double) {
        attemptFrames.removeAll(keepingCapacity: true)
        attemptMotion.removeAll(keepingCapacity: true)
        if start < openingTick {
            let kept = positioningSamples.samples(from: start)
            attemptFrames += kept.frames
            attemptMotion += kept.motion
        }
        positioningSamples.removeAll()
    }

    /// Runs the final analysis of the attempt `from…to` and hands the outcome to the machine.
    mutating func finalize(from: Double, to: Double) -> ReadingStateMachine.Output {
        let frames = attemptFrames.filter { $0.timestamp >= from && $0.timestamp <= to }
        let motion = attemptMotion.filter { $0.timestamp >= from && $0.timestamp <= to }
        var outcome = engine.finalize(frames: frames, motion: motion, id: readingId,
                                      capturedAt: ISO8601.format(unixSeconds: firstFrameWallTime ?? 0))
        if case .success(var result) = outcome {
            // One copy of the settings for both reads: reading `captureSettings` twice here fails Swift 6.0.3's
            // release build (SIL verification: a load borrow invalidated by a local write).
            let settings = captureSettings
            result.diagnostics.capture = settings
            result.diagnostics.trajectory = machine.trajectory
            result.diagnostics.motion = MotionDiagnostics(
                samples: motion, source: settings?.accelerometer ?? (motion.isEmpty ? "none" : motionOrigin))
            outcome = .success(result)
        }
        attemptFrames.removeAll(keepingCapacity: true)
        attemptMotion.removeAll(keepingCapacity: true)
        var output = machine.finish(outcome)
        if let recorder {
            output.events += report(recorder.close(reason: machine.state.name)).flatMap(\.events)
            self.recorder = nil
        }
        return stamped(output)
    }
}
