import NeurofitVitals
/// Capture counters (the capture metrics), kept by the backend and the capture loop.
public struct CaptureStatistics: Sendable, Equatable {
    /// Frames delivered.
    public var frames = 0
    /// Frames missing from the driver's sequence numbers.
    public var droppedFrames = 0
    /// Buffers the driver flagged as corrupt (requeued, no sample).
    public var errorBuffers = 0
    /// Stream restarts after `EIO`.
    public var ioRestarts = 0
    /// Stream restarts after a stall.
    public var stallRestarts = 0
    /// Reopens after the camera was lost.
    public var reopens = 0
    /// Tier drops.
    public var tierDrops = 0

    /// All zero.
    public init() {}
}
