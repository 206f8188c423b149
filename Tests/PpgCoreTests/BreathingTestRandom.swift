import Glibc

/// Seeded SplitMix64 generator for the breathing tests (uniform and Gaussian draws), so every run sees the same
/// signals.
struct BreathingTestRandom {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    init(seed: UInt64) { state = seed }

    /// Uniform in [0, 1).
    mutating func uniform() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(UInt64(1) << 53)
    }

    /// Gaussian with the given standard deviation (Box–Muller).
    mutating func normal(sd: Double) -> Double {
        let u = max(uniform(), 1e-300)
        return sd * (-2 * log(u)).squareRoot() * cos(2 * Double.pi * uniform())
    }
}
