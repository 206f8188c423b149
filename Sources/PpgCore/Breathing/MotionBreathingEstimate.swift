/// The accelerometer-derived breathing rate (`rr_motion_brpm`, `rr_motion_conc`).
public struct MotionBreathingEstimate: Sendable, Equatable {
    /// Frequency of the spectral peak of the main motion axis, breaths per minute.
    public var brpm: Double
    /// Power within ±`peakHalfWidthHz` of the peak over the power of the breathing band, 0…1.
    public var concentration: Double

    /// Creates a motion estimate.
    public init(brpm: Double, concentration: Double) {
        self.brpm = brpm
        self.concentration = concentration
    }
}
