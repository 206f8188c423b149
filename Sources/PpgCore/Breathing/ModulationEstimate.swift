/// The breathing rate one respiratory modulation points to, with how regular its breath cycles are.
public struct ModulationEstimate: Sendable, Equatable {
    /// Which modulation the estimate comes from.
    public var modulation: RespiratoryModulation
    /// Mean rate of the counted breath cycles, breaths per minute.
    public var brpm: Double
    /// Coefficient of variation of the cycle lengths (0 for perfectly regular cycles).
    public var cycleVariation: Double

    /// Creates an estimate.
    public init(modulation: RespiratoryModulation, brpm: Double, cycleVariation: Double) {
        self.modulation = modulation
        self.brpm = brpm
        self.cycleVariation = cycleVariation
    }

    /// Smallest cycle variation a weight is computed with, so that one implausibly regular series cannot take all
    /// the weight.
    static let variationFloor = 0.05

    /// The estimate's weight in the fusion: `1 / cycleVariation²` (an inverse variance: a modulation whose cycles
    /// are irregular carries noise counted as breaths).
    var weight: Double {
        let variation = max(cycleVariation, ModulationEstimate.variationFloor)
        return 1 / (variation * variation)
    }
}
