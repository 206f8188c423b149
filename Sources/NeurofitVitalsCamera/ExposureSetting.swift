import NeurofitVitals
/// A manual exposure operating point, in the camera's own control units.
public struct ExposureSetting: Sendable, Equatable {
    /// Exposure time: `V4L2_CID_EXPOSURE_ABSOLUTE` units of 100 µs.
    public var exposure: Int
    /// Gain (`V4L2_CID_GAIN`); nil when the camera has no gain control.
    public var gain: Int?
    /// Torch intensity in the torch's own units; nil when the torch has no intensity steps (or there is none).
    public var torchIntensity: Int?

    /// Creates an operating point.
    public init(exposure: Int, gain: Int? = nil, torchIntensity: Int? = nil) {
        self.exposure = exposure
        self.gain = gain
        self.torchIntensity = torchIntensity
    }

    /// Exposure time in milliseconds.
    public var exposureMilliseconds: Double { Double(exposure) / 10 }
}
