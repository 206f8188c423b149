/// One value per colour channel (red, green, blue), e.g. DC levels, AC fractions or noise levels.
public struct ChannelTriple: Sendable, Equatable {
    /// Red channel value.
    public var red: Double
    /// Green channel value.
    public var green: Double
    /// Blue channel value.
    public var blue: Double

    /// Creates a triple.
    public init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The same value in all three channels.
    public init(all value: Double) {
        self.init(red: value, green: value, blue: value)
    }
}
