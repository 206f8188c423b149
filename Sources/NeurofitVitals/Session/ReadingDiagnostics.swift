import PpgCore

/// The result's diagnostics: the engine's figures and, for a camera (or its replay), the capture settings the
/// reading ended with. Encoded as one snake_case object (`Wire/ReadingResult+Wire.swift`).
public struct ReadingDiagnostics: Sendable, Equatable {
    /// What the final analysis measured and decided.
    public var engine: AnalysisDiagnostics
    /// The source's capture settings at the end of the reading; nil for sources without any.
    public var capture: CaptureSettings?

    /// Diagnostics of `engine` and `capture`.
    public init(engine: AnalysisDiagnostics = AnalysisDiagnostics(), capture: CaptureSettings? = nil) {
        self.engine = engine
        self.capture = capture
    }
}
