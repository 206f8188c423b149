/// What the user should do while positioning. Evaluated once per preview tick; the first matching case
/// in `evaluationOrder` wins.
public enum Guidance: String, Sendable, CaseIterable, Codable {
    /// No fingertip on the camera.
    case noContact
    /// The camera is below 70 % of its frame-rate tier.
    case frameDrop
    /// Contact, but the pulse amplitude is below `minAmplitude` (below half of it when the window shows the pulse
    /// cleanly).
    case weakSignal
    /// Contact, but the quality score is below the start floor.
    case lowQuality
    /// Eligible: the start gate is filling.
    case compliant
}
