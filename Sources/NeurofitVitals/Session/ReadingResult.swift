import PpgCore

/// The result of a completed reading: the engine's analysis (metrics, quality, flags, its diagnostics), the
/// reading's identity, and what the session adds to the diagnostics (capture settings, the live signal's course,
/// motion). Encoded by `Wire/ReadingResult+Wire.swift`; its metrics are the `ResultMetric` table's.
public struct ReadingResult: Sendable, Equatable {
    /// Unique id of the reading (UUID text).
    public var id: String
    /// When the reading was captured: the wall-clock time of the session's first frame (a replay: the recorded one),
    /// ISO 8601 UTC with whole seconds rounded down; never later than the result, at any frame rate.
    public var capturedAt: String
    /// The SDK that produced the reading.
    public var sdkVersion: String
    /// What the final analysis measured: every metric, the quality tier, flags and the engine's diagnostics.
    public var analysis: AnalysisResult
    /// The session's diagnostics beside the engine's.
    public var diagnostics: ReadingDiagnostics

    /// The result of `analysis` for the reading `id`, captured at `capturedAt`.
    public init(id: String, capturedAt: String, analysis: AnalysisResult, sdkVersion: String = SDKVersion.string,
                diagnostics: ReadingDiagnostics = ReadingDiagnostics()) {
        self.id = id
        self.capturedAt = capturedAt
        self.sdkVersion = sdkVersion
        self.analysis = analysis
        self.diagnostics = diagnostics
    }

    /// The quality tier: 3 clean, 2 usable, 1 withheld.
    public var quality: QualityTier { analysis.quality }

    /// The value of `metric`, nil when withheld.
    public func value(of metric: ResultMetric) -> Double? { metric.value(analysis) }
}
