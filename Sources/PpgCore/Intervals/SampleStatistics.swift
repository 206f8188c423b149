import Glibc

/// Descriptive statistics shared by the interval code (numpy conventions, so values match NeuroKit2).
enum SampleStatistics {
    /// Arithmetic mean; nil when empty.
    static func mean<C: Collection>(_ values: C) -> Double? where C.Element == Double {
        guard !values.isEmpty else { return nil }
        return values.reduce(0, +) / Double(values.count)
    }

    /// Standard deviation with `ddof` degrees of freedom removed; nil when `count <= ddof`.
    static func standardDeviation<C: Collection>(_ values: C, ddof: Int = 1) -> Double?
    where C.Element == Double {
        guard values.count > ddof, let centre = mean(values) else { return nil }
        let squares = values.reduce(0) { $0 + ($1 - centre) * ($1 - centre) }
        return sqrt(squares / Double(values.count - ddof))
    }

    /// Quantile `q` (0…1) with linear interpolation between order statistics (numpy's default); nil when empty.
    static func quantile<C: Collection>(_ values: C, _ q: Double) -> Double? where C.Element == Double {
        guard !values.isEmpty else { return nil }
        return quantile(sorted: values.sorted(), q)
    }

    /// Quantile `q` of an already sorted, non-empty array (linear interpolation).
    static func quantile(sorted: [Double], _ q: Double) -> Double {
        let position = q * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = min(lower + 1, sorted.count - 1)
        let fraction = position - Double(lower)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction
    }

    /// Median (mean of the two central values for an even count); nil when empty.
    static func median<C: Collection>(_ values: C) -> Double? where C.Element == Double {
        quantile(values, 0.5)
    }

    /// Pearson correlation of two equally long series; nil when shorter than 3 or when either is constant.
    static func pearson(_ a: [Double], _ b: [Double]) -> Double? {
        guard a.count == b.count, a.count >= 3, let meanA = mean(a), let meanB = mean(b) else { return nil }
        var covariance = 0.0, varianceA = 0.0, varianceB = 0.0
        for index in a.indices {
            let da = a[index] - meanA, db = b[index] - meanB
            covariance += da * db
            varianceA += da * da
            varianceB += db * db
        }
        guard varianceA > 0, varianceB > 0 else { return nil }
        return covariance / sqrt(varianceA * varianceB)
    }
}
