import PpgCore

/// The result's diagnostics: the engine's figures and, for a camera (or its replay), the capture settings the
/// reading ended with, and the live signal's course. Encoded as one snake_case object
/// (`Wire/ReadingResult+Wire.swift`).
public struct ReadingDiagnostics: Sendable, Equatable {
    /// What the final analysis measured and decided.
    public var engine: AnalysisDiagnostics
    /// The source's capture settings at the end of the reading; nil for sources without any.
    public var capture: CaptureSettings?
    /// How the live signal evolved during the reading; nil outside a session (a file analysed whole).
    public var trajectory: ReadingTrajectory?
    /// Where the reading's accelerometer samples came from; nil outside a session.
    public var motion: MotionDiagnostics?
    /// Events of the session dropped before the result because the host left more than `Session.eventQueueLimit`
    /// unread (guidance, previews and heartbeats first); encoded as `events_dropped` only when not 0.
    public var eventsDropped = 0

    /// Diagnostics of `engine`, `capture`, `trajectory` and `motion`.
    public init(engine: AnalysisDiagnostics = AnalysisDiagnostics(), capture: CaptureSettings? = nil,
                trajectory: ReadingTrajectory? = nil, motion: MotionDiagnostics? = nil) {
        self.engine = engine
        self.capture = capture
        self.trajectory = trajectory
        self.motion = motion
    }
}
