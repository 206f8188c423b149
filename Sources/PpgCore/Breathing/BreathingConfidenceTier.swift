/// How a breathing rate was obtained and how far it can be trusted (the SDK's `breathingRateConfidence`).
public enum BreathingConfidenceTier: String, Sendable, CaseIterable, Codable {
    /// From the accelerometer, which agreed with the camera (or the camera had no estimate).
    case high
    /// From the camera with a fused confidence of at least `mediumConfidence`.
    case medium
    /// From the camera with a lower confidence.
    case low
}
