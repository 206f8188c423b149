import Glibc

/// Descriptive statistics over `Double` arrays, with the conventions of NumPy where one exists.
///
/// Every function is deterministic (no hashing, no randomness) and returns `nil` when its value is undefined for
/// the input (too few elements, zero spread) instead of a non-finite number.
public enum Statistics {
    /// Arithmetic mean; nil for an empty input.
    public static func mean(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        return values.reduce(0, +) / Double(values.count)
    }

    /// Arithmetic mean of a slice; nil for an empty input.
    public static func mean(_ values: ArraySlice<Double>) -> Double? {
        guard !values.isEmpty else { return nil }
        return values.reduce(0, +) / Double(values.count)
    }

    /// Variance with `ddof` delta degrees of freedom (`Σ(x − x̄)² / (n − ddof)`); nil when `n ≤ ddof`.
    public static func variance(_ values: [Double], ddof: Int = 0) -> Double? {
        guard values.count > ddof, let average = mean(values) else { return nil }
        var sum = 0.0
        for value in values { sum += (value - average) * (value - average) }
        return sum / Double(values.count - ddof)
    }

    /// Standard deviation with `ddof` delta degrees of freedom; nil when `n ≤ ddof`.
    public static func standardDeviation(_ values: [Double], ddof: Int = 0) -> Double? {
        variance(values, ddof: ddof).map { $0.squareRoot() }
    }

    /// The `p`-th percentile (0…100) with linear interpolation between order statistics (NumPy's default).
    /// `values` is taken and reordered in place: an array the caller no longer uses (its last use) is not copied.
    public static func percentile(_ values: consuming [Double], _ p: Double) -> Double? {
        guard !values.isEmpty else { return nil }
        return interpolatedOrderStatistic(&values, p, searchFrom: 0)
    }

    /// The `p`-th percentile (0…100) of already ascending values, NumPy's linear method.
    public static func percentile<Sorted: RandomAccessCollection<Double>>(sorted: Sorted, _ p: Double) -> Double?
    where Sorted.Index == Int {
        guard !sorted.isEmpty else { return nil }
        let (lower, upper, fraction) = orderPositions(count: sorted.count, p)
        let first = sorted.startIndex
        return sorted[first + lower] + (sorted[first + upper] - sorted[first + lower]) * fraction
    }

    /// The median (50th percentile); nil for an empty input. `values` is taken, as by `percentile`.
    public static func median(_ values: consuming [Double]) -> Double? {
        percentile(consume values, 50)
    }

    /// Most values `windowMedian` sorts by insertion; a longer window is selected as by `median`.
    static let windowMedianCapacity = 32

    /// The median of the few values of a sliding window, as `median` gives it: sorted by insertion in a buffer on
    /// the stack instead of selected in a new array. Both read the same two order statistics and interpolate them
    /// alike, and among finite or infinite non-zero values equal ones share their bits, so which of them an order
    /// puts first cannot show. A window holding a zero (+0 and −0 compare equal) or a NaN, or longer than
    /// `windowMedianCapacity`, goes to `median`. Nil for an empty window.
    static func windowMedian(_ values: ArraySlice<Double>) -> Double? {
        guard !values.isEmpty else { return nil }
        guard values.count <= windowMedianCapacity else { return median(Array(values)) }
        return values.withUnsafeBufferPointer { input in
            guard !input.contains(where: { $0 == 0 || $0.isNaN }) else { return median(Array(input)) }
            return withUnsafeTemporaryAllocation(of: Double.self, capacity: input.count) { buffer in
                let count = OrderStatistics.insertionSort(input, into: buffer)
                return percentile(sorted: UnsafeBufferPointer(rebasing: buffer[..<count]), 50)
            }
        }
    }

    /// Robust peak-to-peak spread: `P97.5 − P2.5`; nil for an empty input. The two percentiles need only the few
    /// smallest and largest values: taken in one pass (`OrderStatistics.extremes`) when they are few, else by
    /// selection.
    public static func robustPeakToPeak(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let bottom = orderPositions(count: values.count, 2.5), top = orderPositions(count: values.count, 97.5)
        let tail = max(bottom.upper + 1, values.count - top.lower)
        if 4 * tail <= values.count {
            let (smallest, largest) = OrderStatistics.extremes(values, count: tail)
            let first = values.count - tail
            let lowValue = smallest[bottom.lower]
                + (smallest[bottom.upper] - smallest[bottom.lower]) * bottom.fraction
            let highValue = largest[top.lower - first]
                + (largest[top.upper - first] - largest[top.lower - first]) * top.fraction
            return highValue - lowValue
        }
        var buffer = values
        let low = interpolatedOrderStatistic(&buffer, 2.5, searchFrom: 0)
        let high = interpolatedOrderStatistic(&buffer, 97.5, searchFrom: orderPositions(count: values.count, 2.5).lower)
        return high - low
    }

    /// The two order statistics (0-based ranks) the `p`-th percentile of `count` values interpolates between, and
    /// the weight of the upper one. The position is never negative, so converting it to `Int` (which truncates)
    /// gives its floor without a call to the C library's `floor`.
    private static func orderPositions(count: Int, _ p: Double) -> (lower: Int, upper: Int, fraction: Double) {
        let position = min(max(p, 0), 100) / 100 * Double(count - 1)
        let lower = Int(position)
        return (lower, min(lower + 1, count - 1), position - Double(lower))
    }

    /// The `p`-th percentile of `buffer` (non-empty), found by selection in O(n) instead of a sort; `buffer` is
    /// reordered. The first `searchFrom` elements must already be the `searchFrom` smallest values (as a previous
    /// call for a lower percentile leaves the elements before its lower rank).
    private static func interpolatedOrderStatistic(_ buffer: inout [Double], _ p: Double,
                                                   searchFrom: Int) -> Double {
        let (lower, upper, fraction) = orderPositions(count: buffer.count, p)
        OrderStatistics.select(&buffer, rank: lower, from: searchFrom)
        let lowerValue = buffer[lower]
        var upperValue = lowerValue
        if upper > lower {
            upperValue = buffer[upper]
            for index in upper..<buffer.count where buffer[index] < upperValue { upperValue = buffer[index] }
        }
        return lowerValue + (upperValue - lowerValue) * fraction
    }

    /// Sample skewness `(1/N)·Σ((x − μ)/σ)³` with σ of ddof 0 (NeuroKit2 `ppg_quality`, SciPy `skew`);
    /// nil when fewer than three values or zero spread.
    public static func skewness(_ values: [Double]) -> Double? {
        guard values.count >= 3, let average = mean(values), let sd = standardDeviation(values), sd > 0 else {
            return nil
        }
        var sum = 0.0
        for value in values {
            let z = (value - average) / sd
            sum += z * z * z
        }
        return sum / Double(values.count)
    }

    /// Pearson correlation of two equally long arrays; nil when shorter than two or either has zero spread.
    public static func pearson(_ a: [Double], _ b: [Double]) -> Double? {
        guard a.count == b.count, a.count >= 2, let meanA = mean(a), let meanB = mean(b) else { return nil }
        var covariance = 0.0, varianceA = 0.0, varianceB = 0.0
        for index in a.indices {
            let da = a[index] - meanA, db = b[index] - meanB
            covariance += da * db
            varianceA += da * da
            varianceB += db * db
        }
        guard varianceA > 0, varianceB > 0 else { return nil }
        return covariance / (varianceA * varianceB).squareRoot()
    }
}
