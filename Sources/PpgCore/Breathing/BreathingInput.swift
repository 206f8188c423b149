/// Everything the breathing estimator needs for one analysis window: the accepted beats and, when the device has
/// one, the accelerometer.
public struct BreathingInput: Sendable, Equatable {
    /// Accepted beats in time order.
    public var beats: [BreathingBeat]
    /// Accelerometer samples (about 50 Hz, m/s², gravity included) in time order; empty when there are none.
    public var motion: [MotionSample]
    /// Start of the analysis window in seconds; beats and motion before it are ignored.
    public var windowStart: Double
    /// End of the analysis window in seconds; beats and motion after it are ignored.
    public var windowEnd: Double

    /// Creates an input over `[windowStart, windowEnd]`.
    public init(beats: [BreathingBeat], motion: [MotionSample] = [], windowStart: Double, windowEnd: Double) {
        self.beats = beats
        self.motion = motion
        self.windowStart = windowStart
        self.windowEnd = windowEnd
    }

    /// Creates an input whose window spans the beats (from the first beat to the last).
    public init(beats: [BreathingBeat], motion: [MotionSample] = []) {
        self.init(beats: beats, motion: motion,
                  windowStart: beats.first?.time ?? 0, windowEnd: beats.last?.time ?? 0)
    }

    /// Length of the analysis window in seconds (never negative).
    public var windowSeconds: Double { max(windowEnd - windowStart, 0) }
}
