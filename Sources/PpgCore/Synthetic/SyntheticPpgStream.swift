/// An unbounded, deterministic stream of synthetic fingertip frames and accelerometer samples, driven by a
/// `SyntheticConfiguration` (scenario timeline, rhythm, camera mapping). Cheap per frame: no allocation in steady
/// state (unless `recordsBeats`), a handful of `exp`/`sin` calls.
///
/// Frames and motion samples are two independent deterministic sequences (separate random streams), so pulling
/// them separately (`nextFrame`, `nextMotionSample`) or merged in time order (`next`) gives identical values.
/// `configuration` may be changed between calls: rhythm changes apply from the next generated beat, camera and
/// scenario changes from the next frame; a frame-rate change restarts the frame grid at the last frame.
public struct SyntheticPpgStream: IteratorProtocol, Sendable {
    /// Longest stretch of stream time (s) `nextFrame` scans for a delivered frame before giving up.
    public static let frameSearchLimitS = 10.0

    /// The configuration in force (mutable mid-stream).
    public var configuration: SyntheticConfiguration

    private var pulses: PulseTrain
    private let camera: CameraModel
    private let accelerometer: AccelerometerModel
    private var frameRandom: SeededRandom
    private var motionRandom: SeededRandom
    private var frameIndex = 0
    private var gridOriginS = 0.0
    private var gridOriginIndex = 0
    private var gridRate: Double
    private var dropUntilS = -Double.infinity
    private var motionIndex = 0
    private var pendingFrame: FrameSample?
    private var pendingMotion: MotionSample?

    /// Creates a stream; with `recordsBeats` every generated pulse is kept in `recordedBeats` (memory grows).
    public init(configuration: SyntheticConfiguration, recordsBeats: Bool = false) {
        self.configuration = configuration
        var phases = SeededRandom(seed: configuration.seed, stream: 4)
        pulses = PulseTrain(seed: configuration.seed, records: recordsBeats)
        camera = CameraModel(random: &phases)
        accelerometer = AccelerometerModel(random: &phases)
        frameRandom = SeededRandom(seed: configuration.seed, stream: 2)
        motionRandom = SeededRandom(seed: configuration.seed, stream: 3)
        gridRate = configuration.camera.framesPerSecond
    }

    /// Every pulse generated so far (heartbeats and extra pulses, in onset order); empty unless `recordsBeats`.
    public var recordedBeats: [SyntheticBeat] { pulses.recorded }

    /// Nominal time (s) of the next frame slot, before jitter and drops.
    public var nextFrameSlotS: Double { nominalTime(ofFrame: frameIndex) }

    /// The next delivered frame, or nil when none is delivered within `frameSearchLimitS` of stream time
    /// (e.g. a long `.frameStall`); the stream then continues after the scanned stretch.
    public mutating func nextFrame() -> FrameSample? {
        let limit = nextFrameSlotS + Self.frameSearchLimitS
        while nextFrameSlotS < limit {
            if let frame = produceFrame() { return frame }
        }
        return nil
    }

    /// The next accelerometer sample (regular grid at `motion.sampleRateHz` from time 0).
    public mutating func nextMotionSample() -> MotionSample {
        let t = Double(motionIndex) / configuration.motion.sampleRateHz
        motionIndex += 1
        let draws = ChannelTriple(red: motionRandom.gaussian(), green: motionRandom.gaussian(),
                                  blue: motionRandom.gaussian())
        return accelerometer.sample(at: t, configuration: configuration, draws: draws)
    }

    /// The next frame or motion sample in time order (never nil: the stream is unbounded).
    public mutating func next() -> SyntheticSample? {
        if pendingMotion == nil { pendingMotion = nextMotionSample() }
        let motion = pendingMotion!
        if pendingFrame == nil && nextFrameSlotS - 0.5 / gridRate <= motion.timestamp {
            pendingFrame = nextFrame()
        }
        if let frame = pendingFrame, frame.timestamp <= motion.timestamp {
            pendingFrame = nil
            return .frame(frame)
        }
        pendingMotion = nil
        return .motion(motion)
    }

    private mutating func produceFrame() -> FrameSample? {
        rebaseGridIfRateChanged()
        let parameters = configuration.camera
        let period = 1 / gridRate
        let nominal = nominalTime(ofFrame: frameIndex)
        frameIndex += 1
        let jitter = frameRandom.gaussian(mean: 0, sd: parameters.timestampJitterMs / 1000)
        let singleDrop = frameRandom.unit(), burstStart = frameRandom.unit(), burstLength = frameRandom.unit()
        let loss = frameRandom.unit()
        let draws = ChannelTriple(red: frameRandom.gaussian(), green: frameRandom.gaussian(),
                                  blue: frameRandom.gaussian())
        let t = nominal + min(max(jitter, -0.4 * period), 0.4 * period)
        if isDropped(at: t, singleDrop: singleDrop, loss: loss) { return nil }
        if burstStart < parameters.burstDropProbability {
            let range = parameters.burstDurationS
            dropUntilS = t + range.lowerBound + (range.upperBound - range.lowerBound) * burstLength
            return nil
        }
        let volume = pulses.volume(at: t, configuration: configuration)
        return camera.frame(at: t, volume: volume, configuration: configuration, noiseDraws: draws)
    }

    private func isDropped(at t: Double, singleDrop: Double, loss: Double) -> Bool {
        if t < dropUntilS || singleDrop < configuration.camera.singleDropProbability { return true }
        for segment in configuration.scenario where segment.contains(t) {
            switch segment.condition {
            case .frameStall: return true
            case .frameLoss(let probability) where loss < probability: return true
            default: continue
            }
        }
        return false
    }

    private func nominalTime(ofFrame index: Int) -> Double {
        let gap = index >= 1 && gridOriginIndex == 0 ? configuration.camera.startupGapS : 0
        return gridOriginS + gap + Double(index - gridOriginIndex) / gridRate
    }

    private mutating func rebaseGridIfRateChanged() {
        let rate = configuration.camera.framesPerSecond
        guard rate != gridRate else { return }
        guard frameIndex > 0 else {
            gridRate = rate
            return
        }
        gridOriginS = nominalTime(ofFrame: frameIndex - 1)
        gridOriginIndex = frameIndex - 1
        gridRate = rate
    }
}
