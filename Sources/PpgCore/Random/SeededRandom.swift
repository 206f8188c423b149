import Glibc

/// A small, fast, seeded pseudo-random generator (xoshiro256**, state seeded through SplitMix64).
///
/// The same seed gives the same sequence on every run and every machine: the integer stream is pure 64-bit
/// arithmetic; `gaussian` uses glibc's `log`, `sqrt` and `cos`, which are deterministic for a given libm.
/// Use independent `stream` numbers to draw several uncorrelated sequences from one user-visible seed.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var s0: UInt64
    private var s1: UInt64
    private var s2: UInt64
    private var s3: UInt64

    /// Creates a generator whose sequence is fully determined by `seed` and `stream`.
    public init(seed: UInt64, stream: UInt64 = 0) {
        var mixer = seed ^ (stream &* 0xD1B5_4A32_D192_ED03)
        s0 = Self.splitMix64(&mixer)
        s1 = Self.splitMix64(&mixer)
        s2 = Self.splitMix64(&mixer)
        s3 = Self.splitMix64(&mixer)
        if s0 | s1 | s2 | s3 == 0 { s0 = 0x9E37_79B9_7F4A_7C15 }
    }

    /// The next 64 random bits (xoshiro256**).
    public mutating func next() -> UInt64 {
        let result = rotateLeft(s1 &* 5, by: 7) &* 9
        let shifted = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= shifted
        s3 = rotateLeft(s3, by: 45)
        return result
    }

    /// A uniform double in [0, 1) with 53 random bits.
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A uniform double in `range` (lower bound included, upper bound excluded unless the range is empty).
    public mutating func uniform(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * unit()
    }

    /// A normal deviate with the given mean and standard deviation (Box–Muller, one value per call).
    public mutating func gaussian(mean: Double = 0, sd: Double = 1) -> Double {
        let radiusSource = 1.0 - unit()  // (0, 1]: log never sees 0
        let angle = 2.0 * Double.pi * unit()
        return mean + sd * sqrt(-2.0 * log(radiusSource)) * cos(angle)
    }

    /// True with probability `probability` (clamped to 0…1).
    public mutating func chance(_ probability: Double) -> Bool {
        unit() < probability
    }

    private static func splitMix64(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private func rotateLeft(_ value: UInt64, by amount: UInt64) -> UInt64 {
        (value << amount) | (value >> (64 - amount))
    }
}
