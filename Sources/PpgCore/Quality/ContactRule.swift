/// Whether a frame looks like a torch-lit fingertip: red dominates (`R ≥ 3·max(G, B)`) and is
/// bright enough (`R ≥ 60`).
///
/// Recordings whose colour processing does not leave red dominant (some phones' fingertip videos have R ≈ G ≈ B)
/// fail this rule although a finger is on the lens; `QualityWindow` therefore also accepts a window as in contact
/// when it carries a clear, regular pulse (`pulseContact`).
public struct ContactRule: Sendable, Equatable {
    /// Minimum red DC, counts.
    public var minimumRed: Double = 60
    /// Red must exceed this multiple of the brighter of green and blue.
    public var redDominance: Double = 3

    /// Creates the rule with the reference starting points.
    public init() {}

    /// Whether `frame` passes the colour test.
    public func isLitFingertip(_ frame: FrameSample) -> Bool {
        frame.red >= minimumRed && frame.red >= redDominance * max(frame.green, frame.blue)
    }
}
