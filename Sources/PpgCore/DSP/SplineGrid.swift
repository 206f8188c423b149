/// A natural cubic spline through fixed knots, read on a fixed ascending grid, with everything that depends on
/// the knots and the grid alone worked out once: the knots' gaps and the eliminated diagonal of the tridiagonal
/// system for the second derivatives, and for each grid point its knot interval and interpolation weights.
/// The colour channels of a reading share their frames' capture times, so each channel then costs only the
/// part that depends on its values.
///
/// `values(_:)` gives exactly what `CubicSpline(knots:values:).values(at:)` gives for the same knots and grid,
/// bit for bit: the same operations on the same numbers, those shared by every channel taken from the grid.
public struct SplineGrid: Sendable {
    /// `knots[i + 1] − knots[i]`.
    private let gaps: [Double]
    /// The diagonal of the second-derivative system after forward elimination (rows 1…count−2).
    private let diagonal: [Double]
    /// The elimination factor of each row (rows 2…count−2): the left gap over the previous row's diagonal.
    private let factors: [Double]
    /// Each grid point's knot interval and the linear weights `a`, `b` of the interval's ends. The cubic weights
    /// `a³ − a`, `b³ − b` are formed as each channel is read and the interval's width is its gap: the same
    /// operations on the same numbers, in 24 bytes a point instead of 48, so that a reading's grids (one point per
    /// frame) stay small enough for the C heap to keep them between analyses rather than give their pages back and
    /// fault them in again.
    private let points: [Point]
    /// The number of knots.
    private let knotCount: Int

    /// A grid point's interval and linear weights.
    private struct Point {
        var interval: Int
        var a: Double, b: Double
    }

    /// Prepares the spline through `knots` (strictly increasing, ≥ 2) read at the ascending `queries` (each clamped
    /// to the knot span).
    public init(knots: [Double], queries: [Double]) {
        precondition(knots.count >= 2, "a spline needs two or more points")
        let count = knots.count
        knotCount = count
        let gaps = (0..<(count - 1)).map { knots[$0 + 1] - knots[$0] }
        // Each place is written before it is read, the ends as 0 (no zero-fill first).
        var diagonal = [Double](unsafeUninitializedCapacity: count) { diagonal, initialized in
            (diagonal[0], diagonal[count - 1]) = (0, 0)
            for index in 1..<(count - 1) { diagonal[index] = 2 * (gaps[index - 1] + gaps[index]) }
            initialized = count
        }
        var factors = [Double](unsafeUninitializedCapacity: count) { factors, initialized in
            (factors[0], factors[1], factors[count - 1]) = (0, 0, 0)
            initialized = count
        }
        for index in 2..<max(count - 1, 2) {
            factors[index] = gaps[index - 1] / diagonal[index - 1]
            diagonal[index] -= factors[index] * gaps[index - 1]
        }
        points = [Point](unsafeUninitializedCapacity: queries.count) { points, initialized in
            knots.withUnsafeBufferPointer { knots in
                var interval = 0
                for (index, query) in queries.enumerated() {
                    let x = min(max(query, knots[0]), knots[count - 1])
                    while interval < count - 2 && knots[interval + 1] < x { interval += 1 }
                    let x0 = knots[interval], x1 = knots[interval + 1]
                    let width = x1 - x0
                    let a = (x1 - x) / width, b = (x - x0) / width
                    points.initializeElement(at: index, to: Point(interval: interval, a: a, b: b))
                }
            }
            initialized = queries.count
        }
        self.gaps = gaps
        self.diagonal = diagonal
        self.factors = factors
    }

    /// The spline through `values` (one per knot) at every grid point.
    public func values(_ values: [Double]) -> [Double] {
        precondition(values.count == knotCount, "one value per knot")
        let second = secondDerivatives(values)
        return [Double](unsafeUninitializedCapacity: points.count) { output, initialized in
            values.withUnsafeBufferPointer { value in
                second.withUnsafeBufferPointer { second in
                    gaps.withUnsafeBufferPointer { gap in
                        points.withUnsafeBufferPointer { points in
                            for (index, point) in points.enumerated() {
                                let (interval, a, b) = (point.interval, point.a, point.b)
                                let width = gap[interval]
                                output[index] = a * value[interval] + b * value[interval + 1]
                                    + ((a * a * a - a) * second[interval] + (b * b * b - b) * second[interval + 1])
                                    * width * width / 6
                            }
                        }
                    }
                }
            }
            initialized = points.count
        }
    }

    /// The knots' second derivatives (natural ends) for `values`: the right-hand side of each row eliminated as it
    /// is formed, then back substitution.
    private func secondDerivatives(_ values: [Double]) -> [Double] {
        let count = knotCount
        guard count > 2 else { return [Double](repeating: 0, count: count) }
        return [Double](unsafeUninitializedCapacity: count) { second, initialized in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: count) { rhs in
                values.withUnsafeBufferPointer { value in
                    gaps.withUnsafeBufferPointer { gap in
                        factors.withUnsafeBufferPointer { factor in
                            diagonal.withUnsafeBufferPointer { diagonal in
                                for index in 1..<(count - 1) {
                                    rhs[index] = 6 * ((value[index + 1] - value[index]) / gap[index]
                                        - (value[index] - value[index - 1]) / gap[index - 1])
                                    if index >= 2 { rhs[index] -= factor[index] * rhs[index - 1] }
                                }
                                (second[0], second[count - 1]) = (0, 0)
                                for index in stride(from: count - 2, through: 1, by: -1) {
                                    second[index] = (rhs[index] - gap[index] * second[index + 1]) / diagonal[index]
                                }
                            }
                        }
                    }
                }
            }
            initialized = count
        }
    }
}
