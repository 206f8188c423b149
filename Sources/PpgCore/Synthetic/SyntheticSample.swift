/// One item of the merged synthetic stream: a camera frame or an accelerometer sample.
public enum SyntheticSample: Sendable, Equatable {
    /// A camera frame.
    case frame(FrameSample)
    /// An accelerometer sample.
    case motion(MotionSample)

    /// Timestamp (s) of the sample.
    public var timestamp: Double {
        switch self {
        case .frame(let frame): frame.timestamp
        case .motion(let motion): motion.timestamp
        }
    }
}
