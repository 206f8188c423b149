import Glibc
import PpgCore
import Testing

private func close(_ value: Double?, _ expected: Double, _ tolerance: Double = 1e-9) -> Bool {
    guard let value else { return false }
    return abs(value - expected) <= tolerance * max(1, abs(expected))
}

/// NeuroKit2-convention HRV metrics.
struct HrvMetricsTests {
    @Test func alternatingSeriesHasKnownMetrics() {
        let intervals = (0..<10).map { $0 % 2 == 0 ? 800.0 : 900.0 }
        let metrics = HrvMetrics(beatTimesS: intervals.reduce(into: [0.0]) { $0.append($0.last! + $1 / 1000) })
        #expect(metrics.count == 10)
        #expect(metrics.nPairs == 9)
        #expect(close(metrics.meanNN, 850))
        #expect(close(metrics.rmssd, 100))
        #expect(close(metrics.sdnn, 50 * (10.0 / 9.0).squareRoot()))
        #expect(close(metrics.pnn50, 90))
        #expect(close(metrics.heartRateBpm, 60000.0 / 850.0))
        #expect(close(metrics.sd2, 0, 1e-9))
        #expect(close(metrics.sd2sd1, 0, 1e-9))
        // Differences alternate +100, −100, … (9 of them): SDSD by hand.
        let differences = (0..<9).map { $0 % 2 == 0 ? 100.0 : -100.0 }
        let meanDifference = differences.reduce(0, +) / 9
        let handSdsd = (differences.reduce(0) { $0 + ($1 - meanDifference) * ($1 - meanDifference) } / 8).squareRoot()
        #expect(close(metrics.sdsd, handSdsd))
        #expect(close(metrics.sd1, handSdsd / 2.0.squareRoot()))
    }

    @Test func nonSuccessivePairsAreExcluded() {
        let split = HrvMetrics(series: IntervalSeries(beatTimeSegments: [[0, 0.8, 1.6], [5.0, 5.9, 6.8]]))
        #expect(split.count == 4)
        #expect(split.nPairs == 2)
        #expect(close(split.rmssd, 0, 1e-9))
        let joined = HrvMetrics(beatTimesS: [0, 0.8, 1.6, 2.5, 3.4])
        #expect(joined.nPairs == 3)
        #expect(close(joined.rmssd, (10000.0 / 3).squareRoot(), 1e-9))
    }

    @Test func removedIntervalBreaksPairsButKeepsSdnn() {
        let series = IntervalSeries(intervalsMs: [800, 820, 840, 860], endTimesS: [0.8, 1.62, 3.32, 4.18])
        #expect(series.successivePairIndices == [0, 2])
        let metrics = HrvMetrics(series: series)
        #expect(close(metrics.rmssd, 20))
        #expect(close(metrics.meanNN, 830))
    }

    @Test func emptyAndSingleIntervalAreUndefined() {
        let empty = HrvMetrics(beatTimesS: [])
        #expect(empty.count == 0 && empty.nPairs == 0)
        #expect(empty.meanNN == nil && empty.sdnn == nil && empty.rmssd == nil && empty.heartRateBpm == nil)
        let single = HrvMetrics(beatTimesS: [1.0, 1.8])
        #expect(close(single.meanNN, 800))
        #expect(close(single.heartRateBpm, 75))
        #expect(single.sdnn == nil && single.rmssd == nil && single.pnn50 == nil && single.sd1 == nil)
        let two = HrvMetrics(beatTimesS: [1.0, 1.8, 2.7])
        #expect(close(two.rmssd, 100))
        #expect(close(two.pnn50, 50))
        #expect(two.sdsd == nil && two.sd1 == nil && two.sd2sd1 == nil)
    }

    @Test func zeroSd1LeavesRatioUndefined() {
        let ramp = HrvMetrics(intervalsMs: [800, 810, 820, 830, 840], endTimesS: [0.8, 1.61, 2.43, 3.26, 4.1])
        #expect(close(ramp.sd1, 0, 1e-9))
        #expect(ramp.sd2 ?? 0 > 0)
        #expect(ramp.sd2sd1 == nil)
    }

    @Test func pnn50CountsStrictlyAboveFifty() {
        let metrics = HrvMetrics(beatTimesS: [0, 0.8, 1.65, 2.501, 3.351])
        // Intervals 800, 850, 851, 850: differences +50, +1, −1, none strictly above 50.
        #expect(close(metrics.pnn50, 0))
        // Intervals 800, 851, 851: differences +51, 0 → one of three intervals.
        let above = HrvMetrics(beatTimesS: [0, 0.8, 1.651, 2.502])
        #expect(close(above.pnn50, 100.0 / 3.0))
    }

    @Test func poincareIdentitiesHoldOnRandomSeries() {
        var random = SeededRandom(seed: 7)
        var times = [0.0]
        for _ in 0..<200 { times.append(times.last! + random.gaussian(mean: 0.85, sd: 0.04)) }
        let metrics = HrvMetrics(beatTimesS: times)
        let sdsd = metrics.sdsd!, sd1 = metrics.sd1!
        #expect(abs(sd1 * sd1 - 0.5 * sdsd * sdsd) < 1e-6 * sdsd * sdsd)
        #expect(abs(metrics.sd2sd1! - metrics.sd2! / sd1) < 1e-12)
        #expect(abs(metrics.heartRateBpm! - 60000.0 / metrics.meanNN!) < 1e-12)
    }
}
