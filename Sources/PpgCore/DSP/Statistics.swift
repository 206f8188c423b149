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
    public static func percentile(_ values: [Double], _ p: Double) -> Double? {
        guard !values.isEmpty else { return nil }
        return percentile(sorted: values.sorted(), p)
    }

    /// The `p`-th percentile (0…100) of an already ascending array, NumPy's linear method.
    public static func percentile(sorted: [Double], _ p: Double) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let position = min(max(p, 0), 100) / 100 * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = min(lower + 1, sorted.count - 1)
        let fraction = position - Double(lower)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction
    }

    /// The median (50th percentile); nil for an empty input.
    public static func median(_ values: [Double]) -> Double? {
        percentile(values, 50)
    }

    /// Robust peak-to-peak spread: `P97.5 − P2.5`; nil for an empty input.
    public static func robustPeakToPeak(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        guard let high = percentile(sorted: sorted, 97.5), let low = percentile(sorted: sorted, 2.5) else {
            return nil
        }
        return high - low
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
