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

    /// Filters `values` in place, first to last (last to first when `backward`), from the current state, and leaves
    /// the state where the last sample filtered left it. The same outputs, bit for bit, as `process` sample by
    /// sample (each section sees the same inputs in the same order), computed section after section over the whole
    /// signal with the section's state held in registers.
    public mutating func processInPlace(_ values: inout [Double], backward: Bool = false) {
        values.withUnsafeMutableBufferPointer { buffer in
            for index in sections.indices {
                var (z1, z2) = (state1[index], state2[index])
                let section = sections[index]
                if backward {
                    var position = buffer.count - 1
                    while position >= 0 {
                        buffer[position] = Self.step(section, buffer[position], &z1, &z2)
                        position -= 1
                    }
                } else {
                    for position in 0..<buffer.count { buffer[position] = Self.step(section, buffer[position], &z1, &z2) }
                }
                (state1[index], state2[index]) = (z1, z2)
            }
        }
    }

    /// One sample `value` through `section` with state `z1`, `z2` (transposed direct form II): the output.
    @inline(__always)
    private static func step(_ section: BiquadSection, _ value: Double, _ z1: inout Double, _ z2: inout Double) -> Double {
        let output = section.b0 * value + z1
        z1 = section.b1 * value - section.a1 * output + z2
        z2 = section.b2 * value - section.a2 * output
        return output
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
