import NeurofitVitals
/// The numbers of the camera-health rules.
public struct CameraHealthPolicy: Sendable, Equatable {
    /// A rate below this share of the tier is low.
    public var lowRateFraction = 0.7
    /// Consecutive low one-second ticks that drop a tier.
    public var lowRateTicks = 2
    /// Frame time (s) after a (re)start whose frames do not count towards the rate (exposure settling).
    public var settleSeconds = 1.0
    /// Wall time (s) a camera has to deliver its first frame after a (re)start before that counts as a stall.
    public var firstFrameTimeout = 3.0
    /// Shortest gap (s) between frames that counts as a stall once frames flow.
    public var minimumStallTimeout = 1.0
    /// Frame periods without a frame that count as a stall once frames flow (when longer than the minimum).
    public var stallPeriods = 8.0
    /// Wall time (s) a stalled, unplugged or busy camera has to come back.
    public var recoveryWindow = 10.0

    /// The reference values.
    public init() {}
}
