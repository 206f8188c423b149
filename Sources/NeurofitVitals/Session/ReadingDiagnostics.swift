/// What a session adds to the engine's diagnostics (`AnalysisResult.diagnostics`): for a camera (or its replay),
/// the capture settings the reading ended with, the live signal's course and the motion source. Encoded into the
/// result's one snake_case diagnostics object (`Wire/ReadingResult+Wire.swift`).
public struct ReadingDiagnostics: Sendable, Equatable {
    /// The source's capture settings at the end of the reading; nil for sources without any.
    public var capture: CaptureSettings?
    /// How the live signal evolved during the reading; nil outside a session (a file analysed whole).
    public var trajectory: ReadingTrajectory?
    /// Where the reading's accelerometer samples came from; nil outside a session.
    public var motion: MotionDiagnostics?
    /// Events of the session dropped before the result because the host left more than `Session.eventQueueLimit`
    /// unread (guidance, previews and heartbeats first); encoded as `events_dropped` only when not 0.
    public var eventsDropped = 0

    /// Diagnostics of `capture`, `trajectory` and `motion`.
    public init(capture: CaptureSettings? = nil, trajectory: ReadingTrajectory? = nil,
                motion: MotionDiagnostics? = nil) {
        self.capture = capture
        self.trajectory = trajectory
        self.motion = motion
    }
}
