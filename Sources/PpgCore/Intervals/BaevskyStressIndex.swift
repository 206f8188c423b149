/// Baevsky stress index `SI = AMo / (2·Mo·MxDMn)` in %/s², raw (not √SI).
///
/// Histogram of 50 ms bins at multiples of 50 ms: `bin = floor(x/50)`, `Mo` = centre of the most populated bin;
/// tied bins → the one whose centre is nearest the median NN (the lower one if still tied).
public struct BaevskyStressIndex: Sendable, Equatable {
    /// Histogram bin width in ms.
    public static let binWidthMs = 50.0
    /// Fewest intervals for which the index is defined.
    public static let minimumCount = 20

    /// The stress index SI (%/s²).
    public let value: Double
    /// Mode `Mo` (ms): centre of the modal bin.
    public let modeMs: Double
    /// Amplitude of the mode `AMo` (%): share of intervals in the modal bin.
    public let modeAmplitudePercent: Double
    /// Variation range `MxDMn` (ms): max − min of the intervals.
    public let variationRangeMs: Double

    /// Computes SI over NN intervals in ms; nil when fewer than `minimumCount` intervals or when MxDMn = 0.
    public init?(intervalsMs: [Double]) {
        guard intervalsMs.count >= Self.minimumCount,
              let minimum = intervalsMs.min(), let maximum = intervalsMs.max(), maximum > minimum,
              let median = Statistics.median(intervalsMs)
        else { return nil }
        let bins = intervalsMs.map { Int(($0 / Self.binWidthMs).rounded(.down)) }.sorted()
        var bestBin = bins[0], bestCount = 0
        var start = 0
        while start < bins.count {
            var end = start
            while end < bins.count && bins[end] == bins[start] { end += 1 }
            let population = end - start
            if population > bestCount
                || (population == bestCount
                    && abs(Self.centre(of: bins[start]) - median) < abs(Self.centre(of: bestBin) - median)) {
                bestBin = bins[start]
                bestCount = population
            }
            start = end
        }
        modeMs = Self.centre(of: bestBin)
        modeAmplitudePercent = 100.0 * Double(bestCount) / Double(intervalsMs.count)
        variationRangeMs = maximum - minimum
        value = modeAmplitudePercent / (2.0 * (modeMs / 1000.0) * (variationRangeMs / 1000.0))
    }

    private static func centre(of bin: Int) -> Double {
        (Double(bin) + 0.5) * binWidthMs
    }
}
