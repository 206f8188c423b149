/// The breathing rate one respiratory modulation points to, with how clearly it does so.
public struct ModulationEstimate: Sendable, Equatable {
    /// Which modulation the estimate comes from.
    public var modulation: RespiratoryModulation
    /// Frequency of the spectral peak, breaths per minute.
    public var brpm: Double
    /// Power within ±`peakHalfWidthHz` of the peak over the power of the breathing band, 0…1.
    public var concentration: Double

    /// Creates an estimate.
    public init(modulation: RespiratoryModulation, brpm: Double, concentration: Double) {
        self.modulation = modulation
        self.brpm = brpm
        self.concentration = concentration
    }
}
