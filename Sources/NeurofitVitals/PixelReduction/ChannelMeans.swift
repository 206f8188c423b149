import PpgCore

/// What the reducer makes of one frame: the mean red, green and blue over the sampled region, in 8-bit counts, and
/// the share of sampled pixels whose red is clipped.
public struct ChannelMeans: Sendable, Equatable {
    /// Mean red, 0…255.
    public var red: Double
    /// Mean green, 0…255.
    public var green: Double
    /// Mean blue, 0…255.
    public var blue: Double
    /// Share of sampled pixels with red ≥ `FrameReducer.saturationThreshold`, 0…1.
    public var saturatedFraction: Double

    /// Creates channel means.
    public init(red: Double, green: Double, blue: Double, saturatedFraction: Double) {
        self.red = red
        self.green = green
        self.blue = blue
        self.saturatedFraction = saturatedFraction
    }

    /// The engine's frame sample for a frame taken at `timestamp` seconds.
    public func frameSample(timestamp: Double) -> FrameSample {
        FrameSample(timestamp: timestamp, red: red, green: green, blue: blue, saturatedFraction: saturatedFraction)
    }
}
