import Glibc

/// In-place radix-2 FFT on split real/imaginary buffers, with the twiddle factors computed once per plan.
///
/// A plan serves one power-of-two `length`: complex transforms of `length` points, and power spectra of real
/// signals of `length` points, computed as one complex transform of half the length (even samples as the real
/// part, odd samples as the imaginary part) and a split step. Reusing a plan keeps repeated spectra free of
/// trigonometry.
public struct FastFourierTransform: Sendable {
    /// The transform length, a power of two.
    public let length: Int
    /// `cos(−2πk/length)` and `sin(−2πk/length)` for k in `0..<length/2`.
    private let cosines: [Double]
    private let sines: [Double]
    /// The same factors grouped by butterfly stage: entries `span − 1 ..< 2·span − 1` hold `e^{−iπj/span}` for
    /// j in `0..<span` (a stage's factors side by side).
    private let stageCosines: [Double]
    private let stageSines: [Double]
    /// The bit reversal of each index in `0..<length`.
    private let bitReversed: [Int32]

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
        var stageCosines = [Double](repeating: 0, count: max(size - 1, 1))
        var stageSines = stageCosines
        var span = 1
        while span < size {
            for j in 0..<span {
                stageCosines[span - 1 + j] = cosines[j * (size / (2 * span))]
                stageSines[span - 1 + j] = sines[j * (size / (2 * span))]
            }
            span *= 2
        }
        self.stageCosines = stageCosines
        self.stageSines = stageSines
        let topBit = Int32(size >> 1)
        var bitReversed = [Int32](repeating: 0, count: size)
        for index in 1..<size {
            bitReversed[index] = (bitReversed[index >> 1] >> 1) | (index & 1 == 1 ? topBit : 0)
        }
        self.bitReversed = bitReversed
    }

    /// Plans made so far in this process, by length (every power of two up to 2^31 fits).
    private static let plans = SharedTable<Int, FastFourierTransform>(capacity: 32)

    /// The plan for `length` points (rounded up to a power of two), made once per process and shared: the same
    /// factors a new plan would compute.
    public static func shared(length: Int) -> FastFourierTransform {
        let size = powerOfTwo(atLeast: length)
        return plans.value(for: size) { FastFourierTransform(length: size) }
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
        real.withUnsafeMutableBufferPointer { re in
            imaginary.withUnsafeMutableBufferPointer { im in
                complexTransform(re.baseAddress!, im.baseAddress!, count: length, leading: length)
            }
        }
    }

    /// Adds `scale·|X_k|²` for k = 0…length/2 to `power` (length/2 + 1 bins), where X is the transform of the real
    /// signal `x` of `length` points given as `even[n] = x[2n]` and `odd[n] = x[2n + 1]` (each length/2 long; both
    /// are overwritten). When only the first `leadingPairs` pairs can be non-zero (a zero-padded window), the
    /// butterfly stages that would only combine them with zeros are skipped.
    public func accumulateRealPower(even: inout [Double], odd: inout [Double], scale: Double,
                                    into power: inout [Double], leadingPairs: Int? = nil) {
        let half = length / 2
        precondition(even.count == half && odd.count == half && power.count == half + 1,
                     "buffers must match the plan length")
        even.withUnsafeMutableBufferPointer { re in
            odd.withUnsafeMutableBufferPointer { im in
                power.withUnsafeMutableBufferPointer { out in
                    let zr = re.baseAddress!, zi = im.baseAddress!, sum = out.baseAddress!
                    complexTransform(zr, zi, count: half, leading: min(leadingPairs ?? half, half))
                    addSplitPower(zr, zi, scale: scale, into: sum)
                }
            }
        }
    }

    /// The split step: with `Z` the transform of `z[n] = x[2n] + i·x[2n+1]` (N/2 points), `X_k = E_k + W^k·O_k`
    /// where `E_k = (Z_k + conj Z_{N/2−k})/2`, `O_k = (Z_k − conj Z_{N/2−k})/(2i)` and `W = e^{−2πi/N}`; since
    /// `E_{N/2−k} = conj E_k`, `O_{N/2−k} = conj O_k` and `W^{N/2−k} = −conj W^k`, `|X_{N/2−k}| = |E_k − W^k·O_k|`:
    /// each pass of the loop gives two bins.
    private func addSplitPower(_ zr: UnsafeMutablePointer<Double>, _ zi: UnsafeMutablePointer<Double>, scale: Double,
                               into power: UnsafeMutablePointer<Double>) {
        let half = length / 2
        cosines.withUnsafeBufferPointer { cosTable in
            sines.withUnsafeBufferPointer { sinTable in
                let dc = zr[0] + zi[0], nyquist = zr[0] - zi[0]
                power[0] += dc * dc * scale
                power[half] += nyquist * nyquist * scale
                var k = 1
                while k <= half - k {
                    let mirror = half - k
                    let evenRe = 0.5 * (zr[k] + zr[mirror]), evenIm = 0.5 * (zi[k] - zi[mirror])
                    let oddRe = 0.5 * (zi[k] + zi[mirror]), oddIm = -0.5 * (zr[k] - zr[mirror])
                    let c = cosTable[k], s = sinTable[k]
                    let turnedRe = c * oddRe - s * oddIm, turnedIm = c * oddIm + s * oddRe
                    let (upRe, upIm) = (evenRe + turnedRe, evenIm + turnedIm)
                    power[k] += (upRe * upRe + upIm * upIm) * scale
                    if mirror != k {
                        let (downRe, downIm) = (evenRe - turnedRe, evenIm - turnedIm)
                        power[mirror] += (downRe * downRe + downIm * downIm) * scale
                    }
                    k += 1
                }
            }
        }
    }

    /// Iterative decimation-in-time transform of `count` points (a power of two dividing `length`), in place; only
    /// the first `leading` points may be non-zero.
    private func complexTransform(_ re: UnsafeMutablePointer<Double>, _ im: UnsafeMutablePointer<Double>,
                                  count: Int, leading: Int) {
        var firstSpan = 1
        while firstSpan < count && leading <= count / (2 * firstSpan) { firstSpan *= 2 }
        if firstSpan >= 4 {  // skipping a single stage does not repay the spreading
            spreadLeadingPoints(re, im, count: count, leading: leading, blockSize: firstSpan)
        } else {
            reorderBitReversed(re, im, count: count)
            var pair = 0
            while pair + 1 < count {
                let (sumRe, sumIm) = (re[pair] + re[pair + 1], im[pair] + im[pair + 1])
                (re[pair + 1], im[pair + 1]) = (re[pair] - re[pair + 1], im[pair] - im[pair + 1])
                (re[pair], im[pair]) = (sumRe, sumIm)
                pair += 2
            }
            firstSpan = 2
        }
        stageCosines.withUnsafeBufferPointer { cosTable in
            stageSines.withUnsafeBufferPointer { sinTable in
                var span = firstSpan
                while span < count {
                    let c = cosTable.baseAddress! + (span - 1), s = sinTable.baseAddress! + (span - 1)
                    var start = 0
                    if 4 * span <= count {
                        // Two stages at once: the same butterflies, each block's four quarters kept in registers.
                        let c2 = cosTable.baseAddress! + (2 * span - 1), s2 = sinTable.baseAddress! + (2 * span - 1)
                        while start < count {
                            Self.twoStageButterflies(re + start, im + start, span: span, cosines: (c, c2),
                                                     sines: (s, s2))
                            start += 4 * span
                        }
                        span *= 4
                        continue
                    }
                    while start < count {
                        Self.butterflies(re + start, im + start, span: span, cosines: c, sines: s)
                        start += 2 * span
                    }
                    span *= 2
                }
            }
        }
    }

    /// The butterflies of one block of a stage: the `span` points at `re`/`im` (even) with the `span` after them
    /// (odd), turned by the stage's factors `cosines`/`sines`; `span` is even. Two butterflies at a time, lane by
    /// lane the same operations as one at a time (`odd·w` subtracted from and added to `even`), so the same bits.
    @inline(__always)
    private static func butterflies(_ re: UnsafeMutablePointer<Double>, _ im: UnsafeMutablePointer<Double>, span: Int,
                                    cosines c: UnsafePointer<Double>, sines s: UnsafePointer<Double>) {
        var j = 0
        while j < span {
            let (evenRe, evenIm) = (pair(re + j), pair(im + j))
            let (oddRe, oddIm) = (pair(re + span + j), pair(im + span + j))
            let (cosine, sine) = (pair(c + j), pair(s + j))
            let tr = oddRe * cosine - oddIm * sine
            let ti = oddRe * sine + oddIm * cosine
            store(evenRe - tr, re + span + j)
            store(evenIm - ti, im + span + j)
            store(evenRe + tr, re + j)
            store(evenIm + ti, im + j)
            j += 2
        }
    }

    /// The butterflies of the stages of `span` and `2·span` over one block of `4·span` points, two at a time: the
    /// stage of `span` turns quarter 2 against quarter 1 and quarter 4 against quarter 3 (factors `cosines.0`,
    /// `sines.0`), the stage of `2·span` then the first half against the second (factors `cosines.1`, `sines.1`).
    /// Every value goes through the same operations as in two calls of `butterflies`: the same bits, with half the
    /// loads and stores.
    @inline(__always)
    private static func twoStageButterflies(_ re: UnsafeMutablePointer<Double>, _ im: UnsafeMutablePointer<Double>,
                                            span: Int, cosines: (UnsafePointer<Double>, UnsafePointer<Double>),
                                            sines: (UnsafePointer<Double>, UnsafePointer<Double>)) {
        var j = 0
        while j < span {
            let (aRe, aIm) = (pair(re + j), pair(im + j))
            let (bRe, bIm) = (pair(re + span + j), pair(im + span + j))
            let (cRe, cIm) = (pair(re + 2 * span + j), pair(im + 2 * span + j))
            let (dRe, dIm) = (pair(re + 3 * span + j), pair(im + 3 * span + j))
            let (cosine, sine) = (pair(cosines.0 + j), pair(sines.0 + j))
            let abRe = bRe * cosine - bIm * sine, abIm = bRe * sine + bIm * cosine
            let cdRe = dRe * cosine - dIm * sine, cdIm = dRe * sine + dIm * cosine
            let (a1Re, a1Im, b1Re, b1Im) = (aRe + abRe, aIm + abIm, aRe - abRe, aIm - abIm)
            let (c1Re, c1Im, d1Re, d1Im) = (cRe + cdRe, cIm + cdIm, cRe - cdRe, cIm - cdIm)
            let (cosineAC, sineAC) = (pair(cosines.1 + j), pair(sines.1 + j))
            let (cosineBD, sineBD) = (pair(cosines.1 + span + j), pair(sines.1 + span + j))
            let acRe = c1Re * cosineAC - c1Im * sineAC, acIm = c1Re * sineAC + c1Im * cosineAC
            let bdRe = d1Re * cosineBD - d1Im * sineBD, bdIm = d1Re * sineBD + d1Im * cosineBD
            store(a1Re + acRe, re + j)
            store(a1Im + acIm, im + j)
            store(a1Re - acRe, re + 2 * span + j)
            store(a1Im - acIm, im + 2 * span + j)
            store(b1Re + bdRe, re + span + j)
            store(b1Im + bdIm, im + span + j)
            store(b1Re - bdRe, re + 3 * span + j)
            store(b1Im - bdIm, im + 3 * span + j)
            j += 2
        }
    }

    /// The two values at `pointer`.
    @inline(__always)
    private static func pair(_ pointer: UnsafePointer<Double>) -> SIMD2<Double> {
        UnsafeRawPointer(pointer).loadUnaligned(as: SIMD2<Double>.self)
    }

    /// The two values at `pointer`.
    @inline(__always)
    private static func pair(_ pointer: UnsafeMutablePointer<Double>) -> SIMD2<Double> {
        UnsafeRawPointer(pointer).loadUnaligned(as: SIMD2<Double>.self)
    }

    /// Writes the two values of `value` at `pointer`.
    @inline(__always)
    private static func store(_ value: SIMD2<Double>, _ pointer: UnsafeMutablePointer<Double>) {
        UnsafeMutableRawPointer(pointer).storeBytes(of: value, as: SIMD2<Double>.self)
    }

    /// The state after the first log₂(`blockSize`) stages when only the first `leading` ≤ `count/blockSize` points
    /// are non-zero: each block of `blockSize` outputs is the transform of one non-zero point followed by zeros, that
    /// point repeated; block `j` holds point `rev(j)` (bit reversal over `count/blockSize` indices).
    private func spreadLeadingPoints(_ re: UnsafeMutablePointer<Double>, _ im: UnsafeMutablePointer<Double>,
                                     count: Int, leading: Int, blockSize: Int) {
        let pointsRe = Array(UnsafeBufferPointer(start: re, count: leading))
        let pointsIm = Array(UnsafeBufferPointer(start: im, count: leading))
        let blocks = count / blockSize
        let shift = (length / blocks).trailingZeroBitCount
        bitReversed.withUnsafeBufferPointer { table in
            for point in 0..<blocks {
                let (valueRe, valueIm) = point < leading ? (pointsRe[point], pointsIm[point]) : (0, 0)
                let start = (Int(table[point]) >> shift) * blockSize
                (re + start).update(repeating: valueRe, count: blockSize)
                (im + start).update(repeating: valueIm, count: blockSize)
            }
        }
    }

    /// Puts `count` points into bit-reversed index order (for `count = length/2^j` the reversal of `i` is the
    /// `length`-point reversal shifted right by j).
    private func reorderBitReversed(_ re: UnsafeMutablePointer<Double>, _ im: UnsafeMutablePointer<Double>,
                                    count: Int) {
        let shift = (length / count).trailingZeroBitCount
        bitReversed.withUnsafeBufferPointer { table in
            for index in 0..<count {
                let reversed = Int(table[index]) >> shift
                if index < reversed {
                    swap(&re[index], &re[reversed])
                    swap(&im[index], &im[reversed])
                }
            }
        }
    }
}
