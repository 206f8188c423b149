/// A natural cubic spline through points with strictly increasing abscissae (second derivative zero at both
/// ends). Evaluation is O(1) per point when the queries are ascending.
public struct CubicSpline: Sendable {
    private let knots: [Double]
    private let values: [Double]
    private let secondDerivatives: [Double]

    /// Fits the spline; `knots` must be strictly increasing and as long as `values` (≥ 2 points).
    public init(knots: [Double], values: [Double]) {
        precondition(knots.count == values.count && knots.count >= 2, "a spline needs two or more points")
        self.knots = knots
        self.values = values
        secondDerivatives = Self.solveSecondDerivatives(knots: knots, values: values)
    }

    /// Tridiagonal (Thomas) solve for the knots' second derivatives with natural end conditions.
    private static func solveSecondDerivatives(knots: [Double], values: [Double]) -> [Double] {
        let count = knots.count
        var second = [Double](repeating: 0, count: count)
        guard count > 2 else { return second }
        var diagonal = [Double](repeating: 0, count: count)
        var rhs = [Double](repeating: 0, count: count)
        var upper = [Double](repeating: 0, count: count)
        for index in 1..<(count - 1) {
            let left = knots[index] - knots[index - 1], right = knots[index + 1] - knots[index]
            diagonal[index] = 2 * (left + right)
            upper[index] = right
            rhs[index] = 6 * ((values[index + 1] - values[index]) / right - (values[index] - values[index - 1]) / left)
        }
        // Forward elimination on rows 1…count−2 (the lower diagonal of row i is the left gap).
        for index in 2..<(count - 1) {
            let factor = (knots[index] - knots[index - 1]) / diagonal[index - 1]
            diagonal[index] -= factor * upper[index - 1]
            rhs[index] -= factor * rhs[index - 1]
        }
        for index in stride(from: count - 2, through: 1, by: -1) {
            second[index] = (rhs[index] - upper[index] * second[index + 1]) / diagonal[index]
        }
        return second
    }

    /// The spline's value at `x` inside the knot span `interval` (`knots[interval] ≤ x ≤ knots[interval + 1]`).
    public func value(at x: Double, interval: Int) -> Double {
        let x0 = knots[interval], x1 = knots[interval + 1]
        let width = x1 - x0
        let a = (x1 - x) / width, b = (x - x0) / width
        return a * values[interval] + b * values[interval + 1]
            + ((a * a * a - a) * secondDerivatives[interval] + (b * b * b - b) * secondDerivatives[interval + 1])
            * width * width / 6
    }

    /// Values at `count` abscissae `start + k·step` (`step` > 0); outside the knots, the end pieces' cubics
    /// extended (not clamped).
    public func sampled(from start: Double, step: Double, count: Int) -> [Double] {
        var interval = 0
        return (0..<count).map { k in
            let x = start + Double(k) * step
            while interval < knots.count - 2 && x > knots[interval + 1] { interval += 1 }
            return value(at: x, interval: interval)
        }
    }

    /// Values at ascending abscissae `queries` (clamped to the knot span).
    public func values(at queries: [Double]) -> [Double] {
        var interval = 0
        return queries.map { query in
            let x = min(max(query, knots[0]), knots[knots.count - 1])
            while interval < knots.count - 2 && knots[interval + 1] < x { interval += 1 }
            return value(at: x, interval: interval)
        }
    }

    /// Upsamples a uniformly sampled signal by an integer `factor` (≥ 1): output sample `j` lies at input position
    /// `j / factor`; the last input sample is the last output sample. The knots are the sample indices, so every
    /// gap is exactly 1 and the general fit's divisions and multiplications by the gap drop out (`x / 1` and `x · 1`
    /// are `x` exactly): the values of `CubicSpline(knots:values:)` to the last bit, with fewer operations.
    public static func upsample(_ samples: [Double], factor: Int) -> [Double] {
        guard factor > 1, samples.count >= 2 else { return samples }
        let second = unitGapSecondDerivatives(samples)
        let outputCount = (samples.count - 1) * factor + 1
        if factor & (factor - 1) == 0 {
            return upsampleByPowerOfTwo(samples, second: second, factor: factor, outputCount: outputCount)
        }
        var output = [Double](repeating: 0, count: outputCount)
        samples.withUnsafeBufferPointer { values in
            second.withUnsafeBufferPointer { second in
                output.withUnsafeMutableBufferPointer { output in
                    // Output samples interval by interval (no integer division per sample); the last one lies at
                    // the end of the last interval.
                    for interval in 0..<(values.count - 1) {
                        let end = interval == values.count - 2 ? outputCount : (interval + 1) * factor
                        for index in (interval * factor)..<end {
                            let x = Double(index) / Double(factor)
                            let a = Double(interval + 1) - x, b = x - Double(interval)
                            output[index] = a * values[interval] + b * values[interval + 1]
                                + ((a * a * a - a) * second[interval] + (b * b * b - b) * second[interval + 1]) / 6
                        }
                    }
                }
            }
        }
        return output
    }

    /// `upsample` for a `factor` that is a power of two: then `x = index / factor`, `a = (interval + 1) − x` and
    /// `b = x − interval` are exact (multiples of 1/factor), so each offset `r` within an interval has the same
    /// `a = 1 − r/factor`, `b = r/factor` and cubic weights `a³ − a`, `b³ − b` in every interval; they are computed
    /// once per offset and the output is the same expression of the same values, bit for bit.
    private static func upsampleByPowerOfTwo(_ samples: [Double], second: [Double], factor: Int,
                                             outputCount: Int) -> [Double] {
        let weights = (0...factor).map { offset -> (a: Double, b: Double, cubicA: Double, cubicB: Double) in
            let b = Double(offset) / Double(factor), a = 1 - b
            return (a, b, a * a * a - a, b * b * b - b)
        }
        return [Double](unsafeUninitializedCapacity: outputCount) { output, initialized in
            samples.withUnsafeBufferPointer { values in
                second.withUnsafeBufferPointer { second in
                    weights.withUnsafeBufferPointer { weights in
                        var index = 0
                        for interval in 0..<(values.count - 1) {
                            let offsets = interval == values.count - 2 ? factor : factor - 1
                            let (left, right) = (values[interval], values[interval + 1])
                            let (leftSecond, rightSecond) = (second[interval], second[interval + 1])
                            for offset in 0...offsets {
                                let w = weights[offset]
                                output[index] = w.a * left + w.b * right
                                    + (w.cubicA * leftSecond + w.cubicB * rightSecond) / 6
                                index += 1
                            }
                        }
                    }
                }
            }
            initialized = outputCount
        }
    }

    /// `solveSecondDerivatives` for knots 0, 1, 2, …: every gap 1, every diagonal entry before elimination 4. Each
    /// row's right-hand side is eliminated as it is formed (the operations of forming all rows first, in the same
    /// order), then back substitution.
    private static func unitGapSecondDerivatives(_ values: [Double]) -> [Double] {
        let count = values.count
        guard count > 2 else { return [Double](repeating: 0, count: count) }
        return [Double](unsafeUninitializedCapacity: count) { second, initialized in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * count) { scratch in
                let diagonal = UnsafeMutableBufferPointer(rebasing: scratch[..<count])
                let rhs = UnsafeMutableBufferPointer(rebasing: scratch[count...])
                values.withUnsafeBufferPointer { values in
                    for index in 1..<(count - 1) {
                        rhs[index] = 6 * ((values[index + 1] - values[index]) - (values[index] - values[index - 1]))
                        diagonal[index] = 4
                        if index >= 2 {
                            let factor = 1 / diagonal[index - 1]
                            diagonal[index] -= factor
                            rhs[index] -= factor * rhs[index - 1]
                        }
                    }
                }
                (second[0], second[count - 1]) = (0, 0)
                for index in stride(from: count - 2, through: 1, by: -1) {
                    second[index] = (rhs[index] - second[index + 1]) / diagonal[index]
                }
            }
            initialized = count
        }
    }
}
