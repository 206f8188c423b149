/// One accelerometer reading in m/s² (gravity included), timestamped on the same clock as the frames.
public struct MotionSample: Sendable, Equatable {
    /// Time in seconds on the frames' clock.
    public var timestamp: Double
    /// Acceleration along the device's x axis, m/s².
    public var x: Double
    /// Acceleration along the device's y axis, m/s².
    public var y: Double
    /// Acceleration along the device's z axis, m/s².
    public var z: Double

    /// Creates a motion sample.
    public init(timestamp: Double, x: Double, y: Double, z: Double) {
        self.timestamp = timestamp
        self.x = x
        self.y = y
        self.z = z
    }
}
