/// A manual exposure operating point, in the camera's own control units.
public struct ExposureSetting: Sendable, Equatable {
    /// Exposure time: `V4L2_CID_EXPOSURE_ABSOLUTE` units of 100 µs.
    public var exposure: Int
    /// Gain (`V4L2_CID_GAIN`); nil when the camera has no gain control.
    public var gain: Int?

    /// Creates an operating point.
    public init(exposure: Int, gain: Int? = nil) {
        self.exposure = exposure
        self.gain = gain
    }

    /// Exposure time in milliseconds.
    public var exposureMilliseconds: Double { Double(exposure) / 10 }
}
