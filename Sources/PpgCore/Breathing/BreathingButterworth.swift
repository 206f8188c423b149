import Glibc

/// Second-order Butterworth low- or high-pass (bilinear transform), run forward and backward for zero phase,
/// each pass starting in the steady state of its first sample. (Private to breathing until the engine has shared
/// filters.)
struct BreathingButterworth: Sendable {
    /// Which side of the cut-off the filter keeps.
    enum Kind: Sendable {
        /// Keeps frequencies below the cut-off.
        case lowPass
        /// Keeps frequencies above the cut-off.
        case highPass
    }

    private let b0: Double, b1: Double, b2: Double, a1: Double, a2: Double

    /// A filter with cut-off `cutoffHz` at sampling rate `rateHz` (cut-off below rate / 2).
    init(_ kind: Kind, cutoffHz: Double, rateHz: Double) {
        let k = tan(Double.pi * cutoffHz / rateHz)
        let norm = 1 / (1 + 2.squareRoot() * k + k * k)
        switch kind {
        case .lowPass: (b0, b1, b2) = (k * k * norm, 2 * k * k * norm, k * k * norm)
        case .highPass: (b0, b1, b2) = (norm, -2 * norm, norm)
        }
        a1 = 2 * (k * k - 1) * norm
        a2 = (1 - 2.squareRoot() * k + k * k) * norm
    }

    /// The values filtered forward then backward.
    func zeroPhase(_ values: [Double]) -> [Double] {
        Array(pass(Array(pass(values).reversed())).reversed())
    }

    /// One pass in transposed direct form II, its state set as if the first value had always been there.
    private func pass(_ values: [Double]) -> [Double] {
        guard let first = values.first else { return [] }
        let dcGain = (b0 + b1 + b2) / (1 + a1 + a2)
        var state1 = (dcGain - b0) * first
        var state2 = (b2 - a2 * dcGain) * first
        return values.map { input in
            let output = b0 * input + state1
            state1 = b1 * input - a1 * output + state2
            state2 = b2 * input - a2 * output
            return output
        }
    }
}
