/// A stretch of signal on a uniform time grid: sample `i` is at `startTime + i / sampleRate` seconds.
public struct UniformSegment: Sendable, Equatable {
    /// Time of the first sample, seconds.
    public var startTime: Double
    /// Samples per second.
    public var sampleRate: Double
    /// The samples.
    public var samples: [Double]

    /// Creates a segment.
    public init(startTime: Double, sampleRate: Double, samples: [Double]) {
        self.startTime = startTime
        self.sampleRate = sampleRate
        self.samples = samples
    }

    /// Time of sample `index` (fractional indices allowed), seconds.
    public func time(at index: Double) -> Double { startTime + index / sampleRate }

    /// Duration covered from the first to the last sample, seconds.
    public var duration: Double { samples.count > 1 ? Double(samples.count - 1) / sampleRate : 0 }
}

/// Puts irregularly timed samples onto a uniform grid, one segment per run of frames without a gap.
///
/// A gap is a frame interval longer than `maximumGapFrames` median intervals: the signal is never interpolated
/// across it, so no beat interval can span it. Frames whose timestamp does not increase are skipped.
public struct UniformResampler: Sendable {
    /// Grid rate, samples per second.
    public var sampleRate: Double
    /// Longest interval, in median frame intervals, that is still interpolated across.
    public var maximumGapFrames: Double

    /// Creates a resampler for a grid at `sampleRate`, splitting at intervals longer than `maximumGapFrames`
    /// median frame intervals (3 by default).
    public init(sampleRate: Double, maximumGapFrames: Double = 3) {
        self.sampleRate = sampleRate
        self.maximumGapFrames = maximumGapFrames
    }

    /// Index ranges of `timestamps` that contain no gap and at least two strictly increasing frames.
    public func runs(timestamps: [Double]) -> [Range<Int>] {
        guard timestamps.count >= 2 else { return [] }
        let intervals = (1..<timestamps.count)
            .map { (i: Int) -> Double in timestamps[i] - timestamps[i - 1] }
            .filter { $0 > 0 }
        guard let median = Statistics.median(intervals) else { return [] }
        return runs(timestamps: timestamps, medianInterval: median)
    }

    /// `runs(timestamps:)` with the median of the positive stamp intervals already known (`FrameTiming`'s
    /// `medianInterval` of strictly increasing stamps).
    func runs(timestamps: [Double], medianInterval median: Double) -> [Range<Int>] {
        guard timestamps.count >= 2, median > 0 else { return [] }
        let limit = maximumGapFrames * median
        var runs: [Range<Int>] = []
        var start = 0
        for index in 1..<timestamps.count {
            let step = timestamps[index] - timestamps[index - 1]
            if step > limit || step <= 0 {
                if index - start >= 2 { runs.append(start..<index) }
                start = index
            }
        }
        if timestamps.count - start >= 2 { runs.append(start..<timestamps.count) }
        return runs
    }

    /// Resamples every channel of one run (strictly increasing `timestamps[run]`) with a natural cubic spline on
    /// the true timestamps. Grid points start at the run's first timestamp.
    public func resample(timestamps: [Double], channels: [[Double]], run: Range<Int>) -> [UniformSegment] {
        let knots = Array(timestamps[run])
        let start = knots[0]
        let grid = gridPoints(knots: knots)
        return channels.map { channel in
            let spline = CubicSpline(knots: knots, values: Array(channel[run]))
            return UniformSegment(startTime: start, sampleRate: sampleRate, samples: spline.values(at: grid))
        }
    }

    /// The grid points of a run whose (strictly increasing) timestamps are `knots`: from the first knot, every
    /// `1/sampleRate` seconds up to the last.
    public func gridPoints(knots: [Double]) -> [Double] {
        let start = knots[0]
        let count = Int(((knots[knots.count - 1] - start) * sampleRate).rounded(.down)) + 1
        return (0..<count).map { start + Double($0) / sampleRate }
    }

    /// The spline of `resample` for one run (`timestamps[run]` as knots, read at `gridPoints`), made once for
    /// every channel of the run: `grid.values(Array(channel[run]))` are the samples `resample` gives the channel.
    public func splineGrid(timestamps: [Double], run: Range<Int>) -> SplineGrid {
        let knots = Array(timestamps[run])
        return SplineGrid(knots: knots, queries: gridPoints(knots: knots))
    }
}
