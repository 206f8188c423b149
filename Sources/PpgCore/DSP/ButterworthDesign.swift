import Glibc

/// Digital Butterworth filters as cascades of second-order sections, designed like SciPy's
/// `butter(..., output="sos")`: analog prototype poles, band transform, bilinear transform with pre-warping.
public enum ButterworthDesign {
    /// Highest band edge a design accepts, as a fraction of the sample rate (upper edges are clamped to it).
    public static let maximumEdgeFraction = 0.45

    /// A band-pass of prototype order `order` (≥ 1; the filter has `order` sections, `2·order` poles) passing
    /// `lowHz…highHz` at `sampleRate`. The upper edge is clamped below Nyquist (to 0.45·fs). Unity gain at the
    /// geometric centre, −3 dB at the edges.
    public static func bandPass(order: Int, lowHz: Double, highHz: Double, sampleRate: Double) -> [BiquadSection] {
        precondition(order >= 1 && lowHz > 0 && sampleRate > 0, "invalid band-pass specification")
        let high = min(highHz, maximumEdgeFraction * sampleRate)
        precondition(high > lowHz, "band-pass upper edge must exceed the lower edge")
        let warp = 2.0 * sampleRate
        let warpedLow = warp * tan(Double.pi * lowHz / sampleRate)
        let warpedHigh = warp * tan(Double.pi * high / sampleRate)
        let bandwidth = warpedHigh - warpedLow
        let centreSquared = warpedLow * warpedHigh

        var analogPoles: [Complex] = []
        for index in 0..<order {
            let angle = Double.pi * Double(2 * index + order + 1) / Double(2 * order)
            let prototype = Complex(cos(angle), sin(angle)).scaled(by: bandwidth / 2)
            let root = (prototype * prototype - Complex(centreSquared, 0)).squareRoot()
            analogPoles.append(prototype + root)
            analogPoles.append(prototype - root)
        }
        // Bilinear transform: z = (2fs + s)/(2fs − s). Zeros: `order` at s = 0 → z = 1, `order` at ∞ → z = −1.
        var gain = pow(bandwidth, Double(order))
        var digitalPoles: [Complex] = []
        for pole in analogPoles {
            let numerator = Complex(warp, 0) + pole
            let denominator = Complex(warp, 0) - pole
            digitalPoles.append(numerator / denominator)
            gain /= denominator.magnitude
        }
        gain *= pow(warp, Double(order))
        return sections(poles: digitalPoles, order: order, gain: gain)
    }

    /// Pairs the upper-half-plane poles with their conjugates; each section gets zeros at z = ±1 (numerator
    /// 1 − z⁻²), the gain goes into the first section.
    private static func sections(poles: [Complex], order: Int, gain: Double) -> [BiquadSection] {
        let upper = poles.filter { $0.imaginary >= 0 }
            .sorted { ($0.magnitude, $0.real) < ($1.magnitude, $1.real) }
        precondition(upper.count == order, "band-pass poles must come in conjugate pairs")
        return upper.enumerated().map { index, pole in
            let scale = index == 0 ? gain : 1
            return BiquadSection(b0: scale, b1: 0, b2: -scale,
                                 a1: -2 * pole.real, a2: pole.real * pole.real + pole.imaginary * pole.imaginary)
        }
    }
}

/// A minimal complex number for filter design.
struct Complex {
    var real: Double
    var imaginary: Double

    init(_ real: Double, _ imaginary: Double) {
        self.real = real
        self.imaginary = imaginary
    }

    /// |z| from a square root of a sum of squares, not libm's `hypot`: IEEE square roots, products and sums round
    /// the same on every processor, while glibc's hypot differs in the last bit between x86_64 and aarch64 (it uses
    /// fused multiply-adds where the processor has them), which moved every filtered sample. A filter's poles and
    /// zeros lie near the unit circle, far from where the squares could overflow or underflow.
    var magnitude: Double { (real * real + imaginary * imaginary).squareRoot() }

    func scaled(by factor: Double) -> Complex { Complex(real * factor, imaginary * factor) }

    /// The principal square root.
    func squareRoot() -> Complex {
        let modulus = magnitude
        let re = ((modulus + real) / 2).squareRoot()
        let im = ((modulus - real) / 2).squareRoot()
        return Complex(re, imaginary < 0 ? -im : im)
    }

    static func + (lhs: Complex, rhs: Complex) -> Complex {
        Complex(lhs.real + rhs.real, lhs.imaginary + rhs.imaginary)
    }

    static func - (lhs: Complex, rhs: Complex) -> Complex {
        Complex(lhs.real - rhs.real, lhs.imaginary - rhs.imaginary)
    }

    static func * (lhs: Complex, rhs: Complex) -> Complex {
        Complex(lhs.real * rhs.real - lhs.imaginary * rhs.imaginary,
                lhs.real * rhs.imaginary + lhs.imaginary * rhs.real)
    }

    static func / (lhs: Complex, rhs: Complex) -> Complex {
        let denominator = rhs.real * rhs.real + rhs.imaginary * rhs.imaginary
        return Complex((lhs.real * rhs.real + lhs.imaginary * rhs.imaginary) / denominator,
                       (lhs.imaginary * rhs.real - lhs.real * rhs.imaginary) / denominator)
    }
}
