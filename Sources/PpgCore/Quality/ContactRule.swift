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

    /// Level the brighter of red and green must reach for a frame to possibly show a fingertip, counts: below it
    /// the lens is dark or covered by something opaque.
    public static let plausibleMinimumLevel = 15.0

    /// The loose colour guard of the live contact test: light gets through (red or green at least
    /// `plausibleMinimumLevel`) and blue is not the brightest channel (blood and tissue absorb blue far more than
    /// red and green on every camera, whatever its colour balance). Whether a finger is really there is decided from
    /// the pulse, not from colour ratios or levels, which vary from camera to camera.
    public static func isPlausibleFingertip(_ frame: FrameSample) -> Bool {
        let brighter = max(frame.red, frame.green)
        return brighter >= plausibleMinimumLevel && frame.blue < brighter
    }
}
