/// The breathing estimator's answer for one window: the rate to report (if any) and what it was built from.
public struct BreathingAnalysis: Sendable, Equatable {
    /// The rate to report; nil when neither channel gave an estimate that may be reported.
    public var rate: BreathingRate?
    /// The pulse-derived estimate; nil when no modulation gave one.
    public var camera: CameraBreathingEstimate?
    /// The accelerometer estimate; nil when the channel is off, had too little data or found no peak.
    public var motion: MotionBreathingEstimate?
    /// Accelerometer samples the motion channel analysed (`motion_samples`); 0 when it is off.
    public var motionSamples: Int

    /// Creates an analysis.
    public init(rate: BreathingRate?, camera: CameraBreathingEstimate?, motion: MotionBreathingEstimate?,
                motionSamples: Int) {
        self.rate = rate
        self.camera = camera
        self.motion = motion
        self.motionSamples = motionSamples
    }
}
