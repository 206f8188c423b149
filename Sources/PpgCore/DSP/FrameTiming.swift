/// Timing statistics of a frame sequence: what the camera really delivered.
public struct FrameTiming: Sendable, Equatable {
    /// `(n − 1)/(t_n − t_1)`, frames per second; 0 for fewer than two frames.
    public var measuredFps: Double
    /// Median frame interval in seconds; 0 for fewer than two frames.
    public var medianInterval: Double
    /// `std(Δt)/mean(Δt)` (ddof 0); 0 for fewer than two frames.
    public var intervalCv: Double
    /// Frame intervals longer than 1.5× the median.
    public var longIntervalCount: Int

    /// Measures the timing of ascending `timestamps` (seconds).
    public init(timestamps: [Double]) {
        guard timestamps.count >= 2, let first = timestamps.first, let last = timestamps.last, last > first else {
            self.init(measuredFps: 0, medianInterval: 0, intervalCv: 0, longIntervalCount: 0)
            return
        }
        let intervals = (1..<timestamps.count).map { timestamps[$0] - timestamps[$0 - 1] }
        let median = Statistics.median(intervals) ?? 0
        let mean = Statistics.mean(intervals) ?? 0
        let sd = Statistics.standardDeviation(intervals) ?? 0
        self.init(measuredFps: Double(timestamps.count - 1) / (last - first),
                  medianInterval: median,
                  intervalCv: mean > 0 ? sd / mean : 0,
                  longIntervalCount: intervals.filter { $0 > 1.5 * median }.count)
    }

    /// Creates timing figures directly.
    public init(measuredFps: Double, medianInterval: Double, intervalCv: Double, longIntervalCount: Int) {
        self.measuredFps = measuredFps
        self.medianInterval = medianInterval
        self.intervalCv = intervalCv
        self.longIntervalCount = longIntervalCount
    }
}
