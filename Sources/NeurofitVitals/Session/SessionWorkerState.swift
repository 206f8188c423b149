import PpgCore

/// Everything a session's worker thread owns: the state machine, the engine, the attempt's samples and the clock
/// anchor. Turns commands into machine outputs, applying the engine-side actions itself.
struct SessionWorkerState {
    private(set) var machine: ReadingStateMachine
    /// `start()` succeeded and positioning has not begun yet: it begins with the first frame or `.begin`.
    var beginPending = false
    private var engine: any ReadingEngine
    private let configuration: VitalsConfiguration
    private let discardsSettlingSecond: Bool
    /// Frames before this sample time are not analysed (exposure settling after the source starts).
    private var settleUntil: Double?
    /// Whether the machine is measuring an attempt whose samples are being kept.
    private var keepingAttempt = false
    private var attemptFrames: [FrameSample] = []
    private var attemptMotion: [MotionSample] = []
    /// Wall-clock time (Unix s) and sample time of the first frame: `capturedAt` is derived from it.
    private var anchor: (wall: Double, sample: Double)?
    private let recordedFirstFrameWallTime: Double?

    init(machine: ReadingStateMachine, engine: any ReadingEngine, configuration: VitalsConfiguration,
         discardsSettlingSecond: Bool, recordedFirstFrameWallTime: Double?) {
        self.machine = machine
        self.engine = engine
        self.configuration = configuration
        self.discardsSettlingSecond = discardsSettlingSecond
        self.recordedFirstFrameWallTime = recordedFirstFrameWallTime
        attemptFrames.reserveCapacity(Int(configuration.readingDuration * 64))
    }

    /// Handles one command; `wallClock` is read once, at the first frame.
    mutating func handle(_ command: SessionCommand, wallClock: () -> Double) -> [ReadingStateMachine.Output] {
        switch command {
        case .begin:
            return beginIfPending()
        case .cancel(let reason):
            machine.requestCancel(reason: reason)
            return []
        case .autoStart(let enabled):
            machine.isAutoStartEnabled = enabled
            return []
        case .stop:
            return [applied(machine.stop())]
        case .item(let item):
            return handle(item, wallClock: wallClock)
        }
    }

    private mutating func handle(_ item: SourceItem, wallClock: () -> Double) -> [ReadingStateMachine.Output] {
        switch item {
        case .frame(let frame):
            return consume(frame, wallClock: wallClock)
        case .motion(let motion):
            engine.push(motion)
            if keepingAttempt { attemptMotion.append(motion) }
            return []
        case .hostCancel(let reason):
            machine.requestCancel(reason: reason)
            return []
        case .ended:
            return [applied(machine.stop())]
        case .failed(let error):
            return [applied(machine.fail(error))]
        case .interrupted(let reason, let tier):
            settleUntil = nil
            return [applied(machine.interrupt(reason, reconfiguredTier: tier))]
        }
    }

    private mutating func beginIfPending() -> [ReadingStateMachine.Output] {
        guard beginPending else { return [] }
        beginPending = false
        settleUntil = nil
        return [machine.begin()]
    }

    private mutating func consume(_ frame: FrameSample, wallClock: () -> Double) -> [ReadingStateMachine.Output] {
        let began = beginIfPending()
        guard machine.state != .idle, !machine.isFinished else { return began }
        if anchor == nil { anchor = (recordedFirstFrameWallTime ?? wallClock(), frame.timestamp) }
        if settleUntil == nil { settleUntil = frame.timestamp + (discardsSettlingSecond ? 1 : 0) }
        guard frame.timestamp >= settleUntil! else { return [] }
        if keepingAttempt { attemptFrames.append(frame) }
        let step = engine.push(frame)
        var outputs = began + step.beats.map { machine.handleBeat(ibiMs: $0) }
        if let tick = step.tick { outputs.append(applied(machine.handle(tick))) }
        return outputs.filter { !$0.events.isEmpty || !$0.actions.isEmpty }
    }

    /// Applies the engine-side actions of an output (reset at a start, dropping an abandoned attempt).
    private mutating func applied(_ output: ReadingStateMachine.Output) -> ReadingStateMachine.Output {
        for action in output.actions {
            switch action {
            case .startReading:
                engine.reset()
                attemptFrames.removeAll(keepingCapacity: true)
                attemptMotion.removeAll(keepingCapacity: true)
                keepingAttempt = true
            case .abandonReading, .finalize:
                keepingAttempt = false
            case .releaseSource:
                break
            }
        }
        return output
    }

    /// Runs the final analysis of the attempt `from…to` and hands the outcome to the machine.
    mutating func finalize(from: Double, to: Double, id: String) -> ReadingStateMachine.Output {
        let frames = attemptFrames.filter { $0.timestamp >= from && $0.timestamp <= to }
        let motion = attemptMotion.filter { $0.timestamp >= from && $0.timestamp <= to }
        let wall = anchor.map { $0.wall + (to - $0.sample) } ?? 0
        let outcome = engine.finalize(frames: frames, motion: motion, id: id,
                                      capturedAt: ISO8601.format(unixSeconds: wall))
        attemptFrames.removeAll(keepingCapacity: true)
        attemptMotion.removeAll(keepingCapacity: true)
        return machine.finish(outcome)
    }
}
