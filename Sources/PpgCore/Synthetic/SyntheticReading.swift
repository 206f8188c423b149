/// A finite synthetic reading produced by running a `SyntheticPpgStream`: its frames, accelerometer samples and
/// ground truth. Identical, bit for bit, to what the stream yields for the same configuration.
public struct SyntheticReading: Sendable {
    /// Frames with timestamps in `[0, duration)`.
    public let frames: [FrameSample]
    /// Accelerometer samples with timestamps in `[0, duration)`.
    public let motion: [MotionSample]
    /// Ground truth over the analysis window.
    public let truth: SyntheticTruth

    /// Runs the stream for `durationS` seconds; truth over `truthWindowS` (default: the whole reading).
    public init(configuration: SyntheticConfiguration, durationS: Double = 60,
                truthWindowS: ClosedRange<Double>? = nil) {
        var stream = SyntheticPpgStream(configuration: configuration, recordsBeats: true)
        var frames: [FrameSample] = []
        frames.reserveCapacity(Int(durationS * configuration.camera.framesPerSecond) + 1)
        while stream.nextFrameSlotS < durationS {
            guard let frame = stream.nextFrame() else { continue }
            if frame.timestamp < durationS { frames.append(frame) }
        }
        var motion: [MotionSample] = []
        while true {
            let sample = stream.nextMotionSample()
            guard sample.timestamp < durationS else { break }
            motion.append(sample)
        }
        self.frames = frames
        self.motion = motion
        truth = SyntheticTruth(beats: stream.recordedBeats, windowS: truthWindowS ?? 0...durationS,
                               shape: configuration.camera.pulseShape)
    }
}
