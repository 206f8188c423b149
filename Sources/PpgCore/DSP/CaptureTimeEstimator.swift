/// Capture times of a run of frames whose timestamps carry delivery jitter.
///
/// A camera sensor exposes frames on a crystal clock, but many phones stamp a frame when it reaches the app, after
/// a delay that varies from frame to frame by several milliseconds (one frame's interval is long, the next one
/// short). Resampling on such stamps puts every sample at a slightly wrong time: the pulse's upstroke is
/// displaced by the stamp error of the frames around it, and the beat intervals inherit that error. The capture
/// time of frame `k` of a run is `t₀ + k·T + offset`, the offset steady between dropped frames (a dropped frame
/// steps it by `T`). Its estimate is the running median of the stamp residuals `t_k − k·T` over `halfWidth` frames
/// either side (`T` = the median stamp interval): delivery spikes and alternating jitter average out, a dropped
/// frame's step survives, and a slight error in `T` only shifts the median by a negligible trend. Stamps that are
/// already regular are returned unchanged to rounding.
public enum CaptureTimeEstimator {
    /// Frames either side of each frame whose stamp residuals are pooled: ±3 frames (0.1–0.15 s at 20–60 fps)
    /// keep a dropped frame's step sharp to within three frames while halving the spread of random stamp jitter.
    public static let halfWidth = 3

    /// Capture-time estimates for strictly increasing `timestamps` (s) of one gap-free run. Returns the stamps
    /// unchanged when the run is too short for a median (fewer than `2·halfWidth + 1` frames) or when the estimate
    /// would not increase strictly.
    public static func captureTimes(_ timestamps: ArraySlice<Double>) -> [Double] {
        captureTimesAndDelays(timestamps).times
    }

    /// `captureTimes` of the run, and each frame's delivery delay up to a constant (what `CaptureTimeNoise` models
    /// the estimate's error from), both from one slide of the window over the stamp residuals. The delay of frame
    /// `k` is its residual minus the median residual of its neighbours within `halfWidth`, the frame itself left
    /// out: a median that included the frame would absorb part of its own delay and narrow the distribution; the
    /// neighbours' median only adds its own small spread. No delays for a run too short for a median.
    /// `period`, when given, is the median stamp interval of the run, already known.
    static func captureTimesAndDelays(_ timestamps: ArraySlice<Double>,
                                      period: Double? = nil) -> (times: [Double], delays: [Double]) {
        let stamps = Array(timestamps)
        guard stamps.count >= 2 * halfWidth + 1, let (period, residuals) = stampResiduals(stamps, period: period) else {
            return (stamps, [])
        }
        var delays: [Double] = []
        let times = [Double](unsafeUninitializedCapacity: stamps.count) { times, timesCount in
            delays = [Double](unsafeUninitializedCapacity: stamps.count) { delays, delaysCount in
                residuals.withUnsafeBufferPointer { residuals in
                    slide(over: residuals, period: period, times: times.baseAddress!, delays: delays.baseAddress!)
                }
                delaysCount = stamps.count
            }
            timesCount = stamps.count
        }
        for index in times.indices.dropFirst() where times[index] <= times[index - 1] { return (stamps, delays) }
        return (times, delays)
    }

    /// Slides the window of the residuals within `halfWidth` of each frame (`max(0, index − halfWidth)..<min(count,
    /// index + halfWidth + 1)`, kept in ascending order, equal values in the order of their positions, as an
    /// insertion sort of the window gives them: each step removes the value that leaves and inserts the one that
    /// enters) and writes each frame's capture time (`index·period` plus the window's median) and delay (its
    /// residual less the median of the window without it) to `times` and `delays` (one per residual).
    private static func slide(over residuals: UnsafeBufferPointer<Double>, period: Double,
                              times: UnsafeMutablePointer<Double>, delays: UnsafeMutablePointer<Double>) {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * halfWidth + 1) { window in
            let sorted = window.baseAddress!
            var count = 0, entering = 0
            for index in residuals.indices {
                let lower = max(0, index - halfWidth), upper = min(residuals.count, index + halfWidth + 1)
                if lower > 0 { count = OrderStatistics.removeFirst(residuals[lower - 1], from: window, count: count) }
                count = OrderStatistics.insertionSort(residuals[entering..<upper], into: window, after: count)
                entering = upper
                times[index] = Double(index) * period
                    + (Statistics.percentile(sorted: UnsafeBufferPointer(start: sorted, count: count), 50) ?? 0)
                // The frame's own place in the sorted window: after the equal values of earlier frames.
                let own = residuals[index]
                var place = 0
                while sorted[place] < own { place += 1 }
                if place + 1 < count && sorted[place + 1] == own {  // ties: equal values sit side by side
                    for earlier in lower..<index where residuals[earlier] == own { place += 1 }
                }
                let middle = (count - 1) / 2
                let neighbour = { (rank: Int) in sorted[rank < place ? rank : rank + 1] }
                let median = count % 2 == 0 ? neighbour(middle) : 0.5 * (neighbour(middle - 1) + neighbour(middle))
                delays[index] = own - median
            }
        }
    }

    /// The period `T` the estimate steps by (the median stamp interval: `known`, when given, else found) and each
    /// stamp's residual `t_k − k·T`; nil without a positive period.
    static func stampResiduals(_ stamps: [Double],
                               period known: Double? = nil) -> (period: Double, residuals: [Double])? {
        guard stamps.count >= 2 else { return nil }
        guard let period = known ?? Statistics.median((1..<stamps.count).map { stamps[$0] - stamps[$0 - 1] }),
              period > 0 else { return nil }
        return (period, stamps.indices.map { stamps[$0] - Double($0) * period })
    }
}
