import Glibc

/// In-place radix-2 complex FFT on split real/imaginary buffers, with the twiddle factors computed once.
///
/// Sized for one power-of-two length; reusing a plan (and its buffers) keeps repeated spectra allocation-free.
public struct FastFourierTransform: Sendable {
    /// The transform length, a power of two.
    public let length: Int
    private let cosines: [Double]
    private let sines: [Double]

    /// Creates a plan for `length` points; `length` is rounded up to the next power of two (at least 2).
    public init(length: Int) {
        let size = Self.powerOfTwo(atLeast: length)
        self.length = size
        var cosines = [Double](repeating: 0, count: size / 2)
        var sines = [Double](repeating: 0, count: size / 2)
        for index in 0..<(size / 2) {
            let angle = -2.0 * Double.pi * Double(index) / Double(size)
            cosines[index] = cos(angle)
            sines[index] = sin(angle)
        }
        self.cosines = cosines
        self.sines = sines
    }

    /// The smallest power of two ≥ `count` (and ≥ 2).
    public static func powerOfTwo(atLeast count: Int) -> Int {
        var size = 2
        while size < count { size <<= 1 }
        return size
    }

    /// Forward transform `X_k = Σ x_n·e^{−2πikn/N}` of `real`/`imaginary` (both `length` long), in place.
    public func transform(real: inout [Double], imaginary: inout [Double]) {
        precondition(real.count == length && imaginary.count == length, "buffers must match the plan length")
        reorderBitReversed(&real, &imaginary)
        var span = 1
        while span < length {
            let stride = length / (2 * span)
            var start = 0
            while start < length {
                for offset in 0..<span {
                    let even = start + offset, odd = even + span
                    let c = cosines[offset * stride], s = sines[offset * stride]
                    let tr = real[odd] * c - imaginary[odd] * s
                    let ti = real[odd] * s + imaginary[odd] * c
                    real[odd] = real[even] - tr
                    imaginary[odd] = imaginary[even] - ti
                    real[even] += tr
                    imaginary[even] += ti
                }
                start += 2 * span
            }
            span <<= 1
        }
    }

    private func reorderBitReversed(_ real: inout [Double], _ imaginary: inout [Double]) {
        var reversed = 0
        for index in 0..<(length - 1) {
            if index < reversed {
                real.swapAt(index, reversed)
                imaginary.swapAt(index, reversed)
            }
            var bit = length >> 1
            while reversed & bit != 0 {
                reversed ^= bit
                bit >>= 1
            }
            reversed |= bit
        }
    }
}
