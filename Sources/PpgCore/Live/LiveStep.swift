/// What one pushed frame produced: usually nothing; the beats confirmed at a sub-tick (every 0.25 s of sample
/// time); a tick once per second of sample time.
public struct LiveStep: Sendable, Equatable {
    /// Newly confirmed beats, in time order, each reported exactly once.
    public var beats: [LiveBeat]
    /// The once-per-second summary, when this frame completed a second.
    public var tick: LiveTick?

    /// Creates a step.
    public init(beats: [LiveBeat] = [], tick: LiveTick? = nil) {
        self.beats = beats
        self.tick = tick
    }
}
