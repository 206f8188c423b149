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
    /// The factors of each pair of stages `span`, `2·span` (`span` ≥ 2, `4·span` ≤ `length`) that
    /// `twoStageButterflies` reads, interleaved so that one pointer walks them: for each even `j` < `span`, the
    /// pairs (j, j+1) of the first stage's cosines and sines, of the second stage's at `j` and at `span + j`
    /// (twelve values); a pair of stages starts at `pairedOffset(span:)`.
    private let pairedFactors: [Double]
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
        var pairedFactors = [Double](repeating: 0, count: Self.pairedOffset(span: max(size / 2, 2)))
        span = 2
        while 4 * span <= size {
            var index = Self.pairedOffset(span: span)
            for j in stride(from: 0, to: span, by: 2) {
                for start in [span - 1 + j, 2 * span - 1 + j, 3 * span - 1 + j] {
                    pairedFactors[index] = stageCosines[start]
                    pairedFactors[index + 1] = stageCosines[start + 1]
                    pairedFactors[index + 2] = stageSines[start]
                    pairedFactors[index + 3] = stageSines[start + 1]
                    index += 4
                }
            }
            span *= 2
        }
        self.pairedFactors = pairedFactors
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

    /// Where the interleaved factors of the stages `span` and `2·span` start in `pairedFactors`: six values per
    /// butterfly of the first stage, for every smaller span from 2 on (`6·(span − 2)`).
    private static func pairedOffset(span: Int) -> Int { 6 * (span - 2) }

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

    /// `accumulateRealPower` of a signal zero-padded to `length` points whose first `leadingPairs` pairs are
    /// `evenPoints[n] = x[2n]` and `oddPoints[n] = x[2n + 1]` (the rest zero), with `even`/`odd` (length/2 each) as
    /// work buffers: the points go straight to their places after the stages that only combine them with zeros,
    /// and the same operations give the same bits.
    public func accumulateRealPower(evenPoints: [Double], oddPoints: [Double], leadingPairs: Int,
                                    even: inout [Double], odd: inout [Double], scale: Double,
                                    into power: inout [Double]) {
        precondition(power.count == length / 2 + 1, "buffers must match the plan length")
        power.withUnsafeMutableBufferPointer { out in
            realPower(evenPoints: evenPoints, oddPoints: oddPoints, leadingPairs: leadingPairs, even: &even,
                      odd: &odd, scale: scale, into: out.baseAddress!, accumulating: true)
        }
    }

    /// `accumulateRealPower(evenPoints:…)` into a new array: the bins are written, as adding them to zeros would
    /// give (`0 + p`), without zero-filling the array first.
    public func realPower(evenPoints: [Double], oddPoints: [Double], leadingPairs: Int,
                          even: inout [Double], odd: inout [Double], scale: Double) -> [Double] {
        [Double](unsafeUninitializedCapacity: length / 2 + 1) { power, initialized in
            realPower(evenPoints: evenPoints, oddPoints: oddPoints, leadingPairs: leadingPairs, even: &even,
                      odd: &odd, scale: scale, into: power.baseAddress!, accumulating: false)
            initialized = length / 2 + 1
        }
    }

    /// The transform and split step of `accumulateRealPower(evenPoints:…)` into `power` (length/2 + 1 bins), which
    /// it adds to when `accumulating`, else writes (uninitialized memory may then be given).
    private func realPower(evenPoints: [Double], oddPoints: [Double], leadingPairs: Int,
                           even: inout [Double], odd: inout [Double], scale: Double,
                           into power: UnsafeMutablePointer<Double>, accumulating: Bool) {
        let half = length / 2
        precondition(even.count == half && odd.count == half
                     && (0...half).contains(leadingPairs) && evenPoints.count >= leadingPairs
                     && oddPoints.count >= leadingPairs, "buffers must match the plan length")
        evenPoints.withUnsafeBufferPointer { pointsRe in
            oddPoints.withUnsafeBufferPointer { pointsIm in
                even.withUnsafeMutableBufferPointer { re in
                    odd.withUnsafeMutableBufferPointer { im in
                        let zr = re.baseAddress!, zi = im.baseAddress!
                        complexTransform(zr, zi, count: half, leading: leadingPairs,
                                         points: (pointsRe.baseAddress!, pointsIm.baseAddress!))
                        addSplitPower(zr, zi, scale: scale, into: power, accumulating: accumulating)
                    }
                }
            }
        }
    }

    /// The split step: with `Z` the transform of `z[n] = x[2n] + i·x[2n+1]` (N/2 points), `X_k = E_k + W^k·O_k`
    /// where `E_k = (Z_k + conj Z_{N/2−k})/2`, `O_k = (Z_k − conj Z_{N/2−k})/(2i)` and `W = e^{−2πi/N}`; since
    /// `E_{N/2−k} = conj E_k`, `O_{N/2−k} = conj O_k` and `W^{N/2−k} = −conj W^k`, `|X_{N/2−k}| = |E_k − W^k·O_k|`:
    /// each pass of the loop gives two bins. Without `accumulating`, each bin is added to zero instead of to what
    /// `power` holds (the same bits as adding to a zero-filled array; `power` may then be uninitialized).
    private func addSplitPower(_ zr: UnsafeMutablePointer<Double>, _ zi: UnsafeMutablePointer<Double>, scale: Double,
                               into power: UnsafeMutablePointer<Double>, accumulating: Bool = true) {
        let zero = SIMD2<Double>(repeating: 0)
        let half = length / 2
        cosines.withUnsafeBufferPointer { cosTable in
            sines.withUnsafeBufferPointer { sinTable in
                let dc = zr[0] + zi[0], nyquist = zr[0] - zi[0]
                power[0] = (accumulating ? power[0] : 0) + dc * dc * scale
                power[half] = (accumulating ? power[half] : 0) + nyquist * nyquist * scale
                var k = 1
                // Two passes at a time while their four bins are distinct (bins k, k + 1 in the lanes, their
                // mirrors in the reversed pair below half − k), lane by lane the operations of the loop after.
                let (cosine, sine) = (cosTable.baseAddress!, sinTable.baseAddress!)
                let (halfWeight, scaleLanes) = (SIMD2<Double>(repeating: 0.5), SIMD2<Double>(repeating: scale))
                while 2 * k + 2 < half {
                    let mirror = half - k - 1
                    let (zrK, ziK) = (Self.pair(zr + k), Self.pair(zi + k))
                    let (zrM, ziM) = (Self.reversed(Self.pair(zr + mirror)), Self.reversed(Self.pair(zi + mirror)))
                    let evenRe = halfWeight * (zrK + zrM), evenIm = halfWeight * (ziK - ziM)
                    let oddRe = halfWeight * (ziK + ziM), oddIm = SIMD2<Double>(repeating: -0.5) * (zrK - zrM)
                    let (c, s) = (Self.pair(cosine + k), Self.pair(sine + k))
                    let turnedRe = c * oddRe - s * oddIm, turnedIm = c * oddIm + s * oddRe
                    let (upRe, upIm) = (evenRe + turnedRe, evenIm + turnedIm)
                    Self.store((accumulating ? Self.pair(power + k) : zero) + (upRe * upRe + upIm * upIm) * scaleLanes,
                               power + k)
                    let (downRe, downIm) = (evenRe - turnedRe, evenIm - turnedIm)
                    Self.store((accumulating ? Self.pair(power + mirror) : zero)
                               + Self.reversed((downRe * downRe + downIm * downIm) * scaleLanes), power + mirror)
                    k += 2
                }
                while k <= half - k {
                    let mirror = half - k
                    let evenRe = 0.5 * (zr[k] + zr[mirror]), evenIm = 0.5 * (zi[k] - zi[mirror])
                    let oddRe = 0.5 * (zi[k] + zi[mirror]), oddIm = -0.5 * (zr[k] - zr[mirror])
                    let c = cosTable[k], s = sinTable[k]
                    let turnedRe = c * oddRe - s * oddIm, turnedIm = c * oddIm + s * oddRe
                    let (upRe, upIm) = (evenRe + turnedRe, evenIm + turnedIm)
                    power[k] = (accumulating ? power[k] : 0) + (upRe * upRe + upIm * upIm) * scale
                    if mirror != k {
                        let (downRe, downIm) = (evenRe - turnedRe, evenIm - turnedIm)
                        power[mirror] = (accumulating ? power[mirror] : 0) + (downRe * downRe + downIm * downIm) * scale
                    }
                    k += 1
                }
            }
        }
    }

    /// Iterative decimation-in-time transform of `count` points (a power of two dividing `length`), in place; only
    /// the first `leading` points may be non-zero. With `points`, the input is taken from there instead (its first
    /// `leading` values; `re`/`im` are then only written): the windowed samples of a periodogram go straight to
    /// their places after the skipped stages.
    private func complexTransform(_ re: UnsafeMutablePointer<Double>, _ im: UnsafeMutablePointer<Double>,
                                  count: Int, leading: Int,
                                  points: (re: UnsafePointer<Double>, im: UnsafePointer<Double>)? = nil) {
        var firstSpan = 1
        while firstSpan < count && leading <= count / (2 * firstSpan) { firstSpan *= 2 }
        if let points {
            spreadLeadingPoints(from: points, into: (re, im), count: count, leading: leading, blockSize: firstSpan)
        } else if firstSpan >= 2 {
            let copied = (re: Array(UnsafeBufferPointer(start: re, count: leading)),
                          im: Array(UnsafeBufferPointer(start: im, count: leading)))
            copied.re.withUnsafeBufferPointer { pointsRe in
                copied.im.withUnsafeBufferPointer { pointsIm in
                    spreadLeadingPoints(from: (pointsRe.baseAddress!, pointsIm.baseAddress!), into: (re, im),
                                        count: count, leading: leading, blockSize: firstSpan)
                }
            }
        } else {
            reorderBitReversed(re, im, count: count)
        }
        if firstSpan == 1 {
            var pair = 0
            while pair + 1 < count {
                let (sumRe, sumIm) = (re[pair] + re[pair + 1], im[pair] + im[pair + 1])
                (re[pair + 1], im[pair + 1]) = (re[pair] - re[pair + 1], im[pair] - im[pair + 1])
                (re[pair], im[pair]) = (sumRe, sumIm)
                pair += 2
            }
            firstSpan = 2
        }
        runStages(re, im, count: count, from: firstSpan)
    }

    /// The butterfly stages of `span` = `firstSpan`, 2·`firstSpan`, … below `count`, two at a time while two fit.
    private func runStages(_ re: UnsafeMutablePointer<Double>, _ im: UnsafeMutablePointer<Double>, count: Int,
                           from firstSpan: Int) {
        stageCosines.withUnsafeBufferPointer { cosTable in
            stageSines.withUnsafeBufferPointer { sinTable in
                pairedFactors.withUnsafeBufferPointer { paired in
                    var span = firstSpan
                    while span < count {
                        var start = 0
                        if 4 * span <= count {
                            // Two stages at once: the same butterflies, each block's four quarters kept in
                            // registers.
                            let factors = paired.baseAddress! + Self.pairedOffset(span: span)
                            while start < count {
                                Self.twoStageButterflies(re + start, im + start, span: span, factors: factors)
                                start += 4 * span
                            }
                            span *= 4
                            continue
                        }
                        let c = cosTable.baseAddress! + (span - 1), s = sinTable.baseAddress! + (span - 1)
                        while start < count {
                            Self.butterflies(re + start, im + start, span: span, cosines: c, sines: s)
                            start += 2 * span
                        }
                        span *= 2
                    }
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
    /// stage of `span` turns quarter 2 against quarter 1 and quarter 4 against quarter 3, the stage of `2·span`
    /// then the first half against the second, with the factors `factors` interleaves (`pairedFactors`).
    /// Every value goes through the same operations as in two calls of `butterflies`: the same bits, with half the
    /// loads and stores.
    @inline(__always)
    private static func twoStageButterflies(_ re: UnsafeMutablePointer<Double>, _ im: UnsafeMutablePointer<Double>,
                                            span: Int, factors: UnsafePointer<Double>) {
        let (re1, re2, re3) = (re + span, re + 2 * span, re + 3 * span)
        let (im1, im2, im3) = (im + span, im + 2 * span, im + 3 * span)
        var factor = factors
        var j = 0
        while j < span {
            let (aRe, aIm) = (pair(re + j), pair(im + j))
            let (bRe, bIm) = (pair(re1 + j), pair(im1 + j))
            let (cRe, cIm) = (pair(re2 + j), pair(im2 + j))
            let (dRe, dIm) = (pair(re3 + j), pair(im3 + j))
            let (cosine, sine) = (pair(factor), pair(factor + 2))
            let abRe = bRe * cosine - bIm * sine, abIm = bRe * sine + bIm * cosine
            let cdRe = dRe * cosine - dIm * sine, cdIm = dRe * sine + dIm * cosine
            let (a1Re, a1Im, b1Re, b1Im) = (aRe + abRe, aIm + abIm, aRe - abRe, aIm - abIm)
            let (c1Re, c1Im, d1Re, d1Im) = (cRe + cdRe, cIm + cdIm, cRe - cdRe, cIm - cdIm)
            let (cosineAC, sineAC) = (pair(factor + 4), pair(factor + 6))
            let (cosineBD, sineBD) = (pair(factor + 8), pair(factor + 10))
            let acRe = c1Re * cosineAC - c1Im * sineAC, acIm = c1Re * sineAC + c1Im * cosineAC
            let bdRe = d1Re * cosineBD - d1Im * sineBD, bdIm = d1Re * sineBD + d1Im * cosineBD
            store(a1Re + acRe, re + j)
            store(a1Im + acIm, im + j)
            store(a1Re - acRe, re2 + j)
            store(a1Im - acIm, im2 + j)
            store(b1Re + bdRe, re1 + j)
            store(b1Im + bdIm, im1 + j)
            store(b1Re - bdRe, re3 + j)
            store(b1Im - bdIm, im3 + j)
            factor += 12
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

    /// The two lanes of `value` swapped.
    @inline(__always)
    private static func reversed(_ value: SIMD2<Double>) -> SIMD2<Double> { SIMD2(value[1], value[0]) }

    /// Writes the two values of `value` at `pointer`.
    @inline(__always)
    private static func store(_ value: SIMD2<Double>, _ pointer: UnsafeMutablePointer<Double>) {
        UnsafeMutableRawPointer(pointer).storeBytes(of: value, as: SIMD2<Double>.self)
    }

    /// The state after the first log₂(`blockSize`) stages when only the first `leading` ≤ `count/blockSize` points
    /// are non-zero, written to `output` from the points at `input`: each block of `blockSize` outputs is the
    /// transform of one non-zero point followed by zeros, that point repeated; block `j` holds point `rev(j)` (bit
    /// reversal over `count/blockSize` indices). With a `blockSize` of 1, the points in bit-reversed order.
    private func spreadLeadingPoints(from input: (re: UnsafePointer<Double>, im: UnsafePointer<Double>),
                                     into output: (re: UnsafeMutablePointer<Double>, im: UnsafeMutablePointer<Double>),
                                     count: Int, leading: Int, blockSize: Int) {
        let blocks = count / blockSize
        let shift = (length / blocks).trailingZeroBitCount
        let filled = min(leading, blocks)
        bitReversed.withUnsafeBufferPointer { table in
            let (re, im) = output
            switch blockSize {
            case 1:
                for point in 0..<filled {
                    let at = Int(table[point]) &>> shift
                    (re[at], im[at]) = (input.re[point], input.im[point])
                }
                for point in filled..<blocks {
                    let at = Int(table[point]) &>> shift
                    (re[at], im[at]) = (0, 0)
                }
            case 2:
                for point in 0..<filled {
                    let at = (Int(table[point]) &>> shift) &<< 1
                    let (valueRe, valueIm) = (input.re[point], input.im[point])
                    (re[at], re[at &+ 1], im[at], im[at &+ 1]) = (valueRe, valueRe, valueIm, valueIm)
                }
                for point in filled..<blocks {
                    let at = (Int(table[point]) &>> shift) &<< 1
                    (re[at], re[at &+ 1], im[at], im[at &+ 1]) = (0, 0, 0, 0)
                }
            default:
                for point in 0..<blocks {
                    let (valueRe, valueIm) = point < filled ? (input.re[point], input.im[point]) : (0, 0)
                    let start = (Int(table[point]) &>> shift) &* blockSize
                    (re + start).update(repeating: valueRe, count: blockSize)
                    (im + start).update(repeating: valueIm, count: blockSize)
                }
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
