/// Accelerometer samples averaged into fixed-width time bins; empty bins are filled by linear interpolation
/// when the hole is short and split the data into runs when it is long.
struct MotionBins: Sendable {
    /// A gap-free run of bins.
    struct Run: Sendable {
        /// Centre time of the first bin, seconds.
        var start: Double
        /// Mean x per bin.
        var x: [Double]
        /// Mean y per bin.
        var y: [Double]
        /// Mean z per bin.
        var z: [Double]
    }

    private let start: Double
    private let rate: Double
    private var sums: [(x: Double, y: Double, z: Double, count: Int)]

    /// Bins of width `1 / rate` starting at `start`, covering the samples at or after `start`.
    init(_ samples: [MotionSample], start: Double, rate: Double) {
        self.start = start
        self.rate = rate
        let lastTime = samples.last?.timestamp ?? start
        let count = max(Int(((lastTime - start) * rate).rounded(.down)) + 1, 0)
        sums = Array(repeating: (0, 0, 0, 0), count: count)
        for sample in samples where sample.timestamp >= start {
            let bin = Int(((sample.timestamp - start) * rate).rounded(.down))
            guard bin < count else { continue }
            sums[bin].x += sample.x
            sums[bin].y += sample.y
            sums[bin].z += sample.z
            sums[bin].count += 1
        }
    }

    /// The runs of bins separated by more than `maximumGapBins` empty bins, holes inside a run interpolated.
    func runs(maximumGapBins: Int) -> [Run] {
        let filled = sums.indices.filter { sums[$0].count > 0 }
        var runs: [Run] = []
        var first = 0
        for position in filled.indices {
            let isLast = position == filled.count - 1
            guard isLast || filled[position + 1] - filled[position] - 1 > maximumGapBins else { continue }
            runs.append(run(over: Array(filled[first...position])))
            first = position + 1
        }
        return runs
    }

    private func run(over bins: [Int]) -> Run {
        let firstBin = bins[0]
        var result = Run(start: start + (Double(firstBin) + 0.5) / rate, x: [], y: [], z: [])
        var previous = bins[0]
        for bin in bins {
            let (x, y, z) = mean(bin)
            if bin > previous + 1 {
                let (px, py, pz) = mean(previous)
                let steps = Double(bin - previous)
                for step in 1..<(bin - previous) {
                    let fraction = Double(step) / steps
                    result.x.append(px + (x - px) * fraction)
                    result.y.append(py + (y - py) * fraction)
                    result.z.append(pz + (z - pz) * fraction)
                }
            }
            result.x.append(x)
            result.y.append(y)
            result.z.append(z)
            previous = bin
        }
        return result
    }

    private func mean(_ bin: Int) -> (Double, Double, Double) {
        let count = Double(sums[bin].count)
        return (sums[bin].x / count, sums[bin].y / count, sums[bin].z / count)
    }
}
