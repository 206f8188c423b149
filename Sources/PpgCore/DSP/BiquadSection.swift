/// One second-order IIR section `H(z) = (b0 + b1·z⁻¹ + b2·z⁻²) / (1 + a1·z⁻¹ + a2·z⁻²)`, as a row of SciPy's
/// `sos` matrix with `a0 = 1`.
public struct BiquadSection: Sendable, Equatable {
    /// Numerator coefficients.
    public var b0, b1, b2: Double
    /// Denominator coefficients (a0 = 1).
    public var a1, a2: Double

    /// Creates a section from its coefficients (`a0` normalized to 1).
    public init(b0: Double, b1: Double, b2: Double, a1: Double, a2: Double) {
        self.b0 = b0
        self.b1 = b1
        self.b2 = b2
        self.a1 = a1
        self.a2 = a2
    }

    /// The DC gain `H(1)`; nil when the section has a pole at z = 1.
    public var dcGain: Double? {
        let denominator = 1 + a1 + a2
        return denominator == 0 ? nil : (b0 + b1 + b2) / denominator
    }

    /// Transposed direct-form-II state that a constant input of 1 leaves unchanged (SciPy `lfilter_zi`).
    public var unitStepState: (Double, Double) {
        let gain = dcGain ?? 0
        let z2 = b2 - a2 * gain
        let z1 = b1 - a1 * gain + z2
        return (z1, z2)
    }
}

/// The running state of a cascade of biquads in transposed direct form II, for sample-by-sample filtering.
public struct BiquadCascade: Sendable {
    /// The sections, applied in order.
    public let sections: [BiquadSection]
    private var state1: [Double]
    private var state2: [Double]

    /// Creates a cascade at rest (zero state).
    public init(sections: [BiquadSection]) {
        self.sections = sections
        state1 = [Double](repeating: 0, count: sections.count)
        state2 = [Double](repeating: 0, count: sections.count)
    }

    /// Sets the state to the steady state of a constant input `level` (no start-up transient), SciPy `sosfilt_zi`.
    public mutating func settle(at level: Double) {
        var scale = level
        for (index, section) in sections.enumerated() {
            let (z1, z2) = section.unitStepState
            state1[index] = z1 * scale
            state2[index] = z2 * scale
            scale *= section.dcGain ?? 0
        }
    }

    /// Zeroes the state.
    public mutating func reset() {
        for index in sections.indices {
            state1[index] = 0
            state2[index] = 0
        }
    }

    /// Filters one sample and returns the output.
    public mutating func process(_ input: Double) -> Double {
        var value = input
        for index in sections.indices {
            let section = sections[index]
            let output = section.b0 * value + state1[index]
            state1[index] = section.b1 * value - section.a1 * output + state2[index]
            state2[index] = section.b2 * value - section.a2 * output
            value = output
        }
        return value
    }
}
