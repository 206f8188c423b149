/// Forward and forward–backward (zero-phase) filtering of whole signals through a biquad cascade.
public struct ZeroPhaseFilter: Sendable {
    /// The cascade's sections.
    public let sections: [BiquadSection]

    /// Creates a filter from second-order sections.
    public init(sections: [BiquadSection]) {
        self.sections = sections
    }

    /// A band-pass Butterworth filter (see `ButterworthDesign.bandPass`).
    public static func bandPass(order: Int = 2, lowHz: Double, highHz: Double, sampleRate: Double) -> ZeroPhaseFilter {
        ZeroPhaseFilter(sections: ButterworthDesign.bandPass(order: order, lowHz: lowHz, highHz: highHz,
                                                             sampleRate: sampleRate))
    }

    /// Samples of odd extension added at each end by `filtfilt`: `3·(2·sections + 1)`, as SciPy `sosfiltfilt`,
    /// limited to `count − 1`.
    public func paddingLength(count: Int) -> Int {
        max(0, min(3 * (2 * sections.count + 1), count - 1))
    }

    /// Causal filtering from rest, starting at the steady state of the first sample (no step transient).
    public func forward(_ input: [Double]) -> [Double] {
        guard let first = input.first else { return [] }
        var cascade = BiquadCascade(sections: sections)
        cascade.settle(at: first)
        return input.map { cascade.process($0) }
    }

    /// Zero-phase filtering like SciPy `sosfiltfilt`: odd extension at both ends, a forward pass started at the
    /// steady state of the first padded sample, a backward pass started at the steady state of the last output.
    /// The magnitude response is squared and the phase is zero.
    public func zeroPhase(_ input: [Double]) -> [Double] {
        guard input.count >= 2 else { return input.map { _ in 0 } }
        let padding = paddingLength(count: input.count)
        var extended = [Double]()
        extended.reserveCapacity(input.count + 2 * padding)
        let first = input[0], last = input[input.count - 1]
        for offset in stride(from: padding, through: 1, by: -1) { extended.append(2 * first - input[offset]) }
        extended.append(contentsOf: input)
        for offset in stride(from: 1, through: padding, by: 1) {
            extended.append(2 * last - input[input.count - 1 - offset])
        }

        var cascade = BiquadCascade(sections: sections)
        cascade.settle(at: extended[0])
        cascade.processInPlace(&extended)
        cascade.settle(at: extended[extended.count - 1])
        cascade.processInPlace(&extended, backward: true)
        return Array(extended[padding..<(padding + input.count)])
    }
}
