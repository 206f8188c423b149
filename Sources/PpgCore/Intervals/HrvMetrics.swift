import Glibc

/// Time-domain and Poincaré HRV metrics of an NN series with NeuroKit2 0.3.0 conventions.
///
/// Differences use successive pairs only (see `IntervalSeries`). Every value is nil when undefined:
/// MeanNN/HR need N ≥ 1; SDNN N ≥ 2; RMSSD and pNN50 M ≥ 1 successive pairs; SDSD, SD1, SD2 M ≥ 2;
/// SD2/SD1 additionally SD1 > 0. The "a result needs M ≥ 20" rule belongs to the consistency gate, not here.
public struct HrvMetrics: Sendable, Equatable {
    /// Number of NN intervals N.
    public let count: Int
    /// Number of successive pairs M used by every difference-based metric (`gate_n_pairs`).
    public let nPairs: Int
    /// Mean NN (ms) = NK `HRV_MeanNN`.
    public let meanNN: Double?
    /// SDNN (ms), ddof 1 = NK `HRV_SDNN`.
    public let sdnn: Double?
    /// RMSSD (ms), mean of squared successive differences (no −1) = NK `HRV_RMSSD`.
    public let rmssd: Double?
    /// SDSD (ms), standard deviation of successive differences, ddof 1 = NK `HRV_SDSD`.
    public let sdsd: Double?
    /// pNN50 (%): `100·#{|d| > 50 ms}/(M + 1)` = NK `HRV_pNN50`.
    public let pnn50: Double?
    /// Poincaré SD1 (ms), ddof 1 = NK `HRV_SD1`.
    public let sd1: Double?
    /// Poincaré SD2 (ms), ddof 1 = NK `HRV_SD2`.
    public let sd2: Double?
    /// SD2/SD1 = NK `HRV_CSI` (not `HRV_SD1SD2`, its inverse); nil when SD1 = 0.
    public let sd2sd1: Double?
    /// Heart rate (bpm) = 60000/MeanNN.
    public let heartRateBpm: Double?

    /// Computes every metric of `series`.
    public init(series: IntervalSeries) {
        let intervals = series.intervalsMs
        let pairs = series.successivePairIndices
        let differences = pairs.map { intervals[$0 + 1] - intervals[$0] }
        count = intervals.count
        nPairs = pairs.count
        meanNN = Statistics.mean(intervals)
        sdnn = Statistics.standardDeviation(intervals, ddof: 1)
        rmssd = differences.isEmpty ? nil : sqrt(differences.reduce(0) { $0 + $1 * $1 } / Double(differences.count))
        sdsd = Statistics.standardDeviation(differences, ddof: 1)
        pnn50 = differences.isEmpty
            ? nil : 100.0 * Double(differences.filter { abs($0) > 50.0 }.count) / Double(differences.count + 1)
        let squareRootOfTwo = 2.0.squareRoot()
        sd1 = Statistics.standardDeviation(
            pairs.map { (intervals[$0] - intervals[$0 + 1]) / squareRootOfTwo }, ddof: 1)
        sd2 = Statistics.standardDeviation(
            pairs.map { (intervals[$0] + intervals[$0 + 1]) / squareRootOfTwo }, ddof: 1)
        if let sd1, let sd2, sd1 > 0 { sd2sd1 = sd2 / sd1 } else { sd2sd1 = nil }
        if let meanNN, meanNN > 0 { heartRateBpm = 60000.0 / meanNN } else { heartRateBpm = nil }
    }

    /// Computes the metrics of intervals (ms) stamped with the time (s) of the beat ending each.
    public init(intervalsMs: [Double], endTimesS: [Double]) {
        self.init(series: IntervalSeries(intervalsMs: intervalsMs, endTimesS: endTimesS))
    }

    /// Computes the metrics of one contiguous run of beat times (s).
    public init(beatTimesS: [Double]) {
        self.init(series: IntervalSeries(beatTimesS: beatTimesS))
    }
}
