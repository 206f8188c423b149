import Glibc

/// Second-order Butterworth low-pass (bilinear transform), run forward and backward for zero phase, each pass
/// starting in the steady state of its first sample. (Private to breathing until the engine has shared filters.)
struct BreathingLowPass: Sendable {
    private let b0: Double, b1: Double, b2: Double, a1: Double, a2: Double

    /// A low-pass with cut-off `cutoffHz` at sampling rate `rateHz` (cut-off below rate / 2).
    init(cutoffHz: Double, rateHz: Double) {
        let k = tan(Double.pi * cutoffHz / rateHz)
        let norm = 1 / (1 + 2.squareRoot() * k + k * k)
        b0 = k * k * norm
        b1 = 2 * b0
        b2 = b0
        a1 = 2 * (k * k - 1) * norm
        a2 = (1 - 2.squareRoot() * k + k * k) * norm
    }

    /// The values filtered forward then backward.
    func zeroPhase(_ values: [Double]) -> [Double] {
        Array(pass(Array(pass(values).reversed())).reversed())
    }

    /// One pass in transposed direct form II.
    private func pass(_ values: [Double]) -> [Double] {
        guard let first = values.first else { return [] }
        var state1 = (1 - b0) * first
        var state2 = (b2 - a2) * first
        return values.map { input in
            let output = b0 * input + state1
            state1 = b1 * input - a1 * output + state2
            state2 = b2 * input - a2 * output
            return output
        }
    }
}
