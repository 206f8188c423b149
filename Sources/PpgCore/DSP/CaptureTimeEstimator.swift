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
        let stamps = Array(timestamps)
        guard stamps.count >= 2 * halfWidth + 1, let (period, residuals) = stampResiduals(stamps) else {
            return stamps
        }
        var times = [Double](repeating: 0, count: stamps.count)
        slideWindow(over: residuals) { index, sorted, _ in
            let median = Statistics.percentile(sorted: sorted, 50)
            times[index] = Double(index) * period + (median ?? 0)
        }
        for index in times.indices.dropFirst() where times[index] <= times[index - 1] { return stamps }
        return times
    }

    /// Calls `body` for each index of `values` with the values within `halfWidth` of it (`max(0, index −
    /// halfWidth)..<min(count, index + halfWidth + 1)`) in ascending order, equal values in the order of their
    /// positions (as an insertion sort of the window gives them), and the window's first position. The window
    /// slides: each step removes the value that leaves it and inserts the one that enters.
    static func slideWindow(over values: [Double],
                            _ body: (Int, UnsafeBufferPointer<Double>, Int) -> Void) {
        var window = [Double](repeating: 0, count: 2 * halfWidth + 1)
        window.withUnsafeMutableBufferPointer { sorted in
            values.withUnsafeBufferPointer { value in
                var count = 0, entering = 0
                for index in value.indices {
                    let lower = max(0, index - halfWidth), upper = min(value.count, index + halfWidth + 1)
                    if lower > 0 { count = OrderStatistics.removeFirst(value[lower - 1], from: sorted, count: count) }
                    while entering < upper {
                        count = OrderStatistics.insertionSort(CollectionOfOne(value[entering]), into: sorted,
                                                              after: count)
                        entering += 1
                    }
                    body(index, UnsafeBufferPointer(rebasing: sorted[..<count]), lower)
                }
            }
        }
    }

    /// The period `T` the estimate steps by (the median stamp interval) and each stamp's residual `t_k − k·T`; nil
    /// without a positive period.
    static func stampResiduals(_ stamps: [Double]) -> (period: Double, residuals: [Double])? {
        guard stamps.count >= 2 else { return nil }
        let intervals = (1..<stamps.count).map { stamps[$0] - stamps[$0 - 1] }
        guard let period = Statistics.median(intervals), period > 0 else { return nil }
        return (period, stamps.indices.map { stamps[$0] - Double($0) * period })
    }
}
