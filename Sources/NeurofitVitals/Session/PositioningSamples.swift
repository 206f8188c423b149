import PpgCore

/// The frames and motion samples of the latest seconds of positioning, so that a reading which begins before the
/// tick that opened the start gate (on a faint pulse's evidence, `ReadingStateMachine`) holds its samples from where
/// it begins. Keeps the last `seconds` of each and a second more (a tick comes with the first frame after its time,
/// which may be a little late), trimmed a second at a time: at 60 fps and 44 s (`LiveTick.longestEvidenceSeconds`),
/// at most about 2,760 frames of 48 bytes (about 130 kB), and the motion samples of the same seconds (32 bytes each).
struct PositioningSamples {
    /// How far back samples are kept, seconds of sample time.
    let seconds: Double
    private var frames: [FrameSample] = []
    private var motion: [MotionSample] = []

    /// Samples kept for the last `seconds` of sample time.
    init(seconds: Double) {
        self.seconds = seconds
    }

    /// Keeps a frame of positioning.
    mutating func append(_ frame: FrameSample) {
        frames.append(frame)
        Self.trim(&frames, time: \.timestamp, before: frame.timestamp - seconds - 1)
    }

    /// Keeps a motion sample of positioning.
    mutating func append(_ sample: MotionSample) {
        motion.append(sample)
        Self.trim(&motion, time: \.timestamp, before: sample.timestamp - seconds - 1)
    }

    /// The kept frames and motion samples at or after `time`, in arrival order.
    func samples(from time: Double) -> (frames: [FrameSample], motion: [MotionSample]) {
        (frames.filter { $0.timestamp >= time }, motion.filter { $0.timestamp >= time })
    }

    /// Forgets every sample (a reading started or was abandoned, or positioning begins anew).
    mutating func removeAll() {
        frames.removeAll(keepingCapacity: true)
        motion.removeAll(keepingCapacity: true)
    }

    /// Drops the samples older than `oldest` once the oldest is more than a second older than it, so that the
    /// array moves about once per second rather than at every sample.
    private static func trim<Sample>(_ samples: inout [Sample], time: KeyPath<Sample, Double>,
                                     before oldest: Double) {
        guard let first = samples.first, first[keyPath: time] < oldest - 1 else { return }
        samples.removeAll { $0[keyPath: time] < oldest }
    }
}
