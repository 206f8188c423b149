/// A colour channel the pulse can be read from.
public enum PulseChannel: String, Sendable, CaseIterable {
    /// Red: the default with a torch (best penetration, green ≈ 0 counts under a torch).
    case red
    /// Green: the largest relative pulsatility without a torch; the fallback when red is clipped.
    case green
    /// Blue.
    case blue

    /// The channel's value in `frame`.
    public func value(in frame: FrameSample) -> Double {
        switch self {
        case .red: frame.red
        case .green: frame.green
        case .blue: frame.blue
        }
    }
}
