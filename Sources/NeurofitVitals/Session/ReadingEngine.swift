import PpgCore

/// The engine as a session drives it: the live analysis frame by frame and the final analysis of an attempt.
/// `EngineAdapter` wraps PpgCore; tests may script their own.
public protocol ReadingEngine: Sendable {
    /// Forgets the signal: a reading starts.
    mutating func reset()
    /// Forgets everything, the frames seen included: the source's clock began again (a simulator or replay started
    /// anew after a cancel to idle), so earlier timestamps must not hold back the new ones.
    mutating func restart()
    /// Consumes one frame. Returns the beats it confirmed (each with its interval in ms, nil after a gap) and,
    /// once per second of sample time, a tick.
    mutating func push(_ frame: FrameSample) -> (beats: [Double?], tick: LiveTick?)
    /// Consumes one accelerometer sample.
    mutating func push(_ motion: MotionSample)
    /// The final analysis of an attempt's frames and motion samples.
    func finalize(frames: [FrameSample], motion: [MotionSample], id: String, capturedAt: String)
        -> Result<ReadingResult, VitalsError>
}
