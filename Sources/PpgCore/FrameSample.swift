/// One camera frame reduced to what the engine needs: when it was taken and the mean of each colour channel over
/// the sampled region, in 8-bit counts (0…255, fractional).
public struct FrameSample: Sendable, Equatable {
    /// Capture time in seconds on a monotonic clock (any origin; only differences matter).
    public var timestamp: Double
    /// Mean red value of the sampled region, 0…255.
    public var red: Double
    /// Mean green value of the sampled region, 0…255.
    public var green: Double
    /// Mean blue value of the sampled region, 0…255.
    public var blue: Double
    /// Share of the region's pixels whose red value is clipped (≥ 250), 0…1; nil when the source cannot tell.
    public var saturatedFraction: Double?

    /// Creates a sample from a timestamp in seconds and channel means in 8-bit counts.
    public init(timestamp: Double, red: Double, green: Double, blue: Double, saturatedFraction: Double? = nil) {
        self.timestamp = timestamp
        self.red = red
        self.green = green
        self.blue = blue
        self.saturatedFraction = saturatedFraction
    }
}
