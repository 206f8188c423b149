/// The frame-to-frame noise of a channel's level, estimated from second differences between frames: a smooth
/// movement of the level (a pulse, breathing, a finger settling) leaves little in them, while white noise of σ per
/// frame gives them a median magnitude of 1.652 σ and a mean magnitude of 1.954 σ (the noise of three frames,
/// weighted 1, −2, 1).
///
/// The median resists a pulse's sharp turns, so it is used on levels that carry fractions of a count. Levels in
/// whole counts (sources that round their frame means) leave most second differences at exactly 0 under noise of a
/// fraction of a count, so their median reads 0 or a whole count whatever the noise; for them the mean magnitude is
/// used.
enum FrameNoise {
    /// Median magnitude of the second differences of a white noise of σ = 1.
    static let secondDifferenceMedian = 1.652
    /// Mean magnitude of the second differences of a white noise of σ = 1 (√6 · √(2/π)).
    static let secondDifferenceMean = 1.954

    /// σ of the frame noise in `levels` (successive frames, counts); 0 with fewer than three frames.
    static func sigma(_ levels: [Double]) -> Double {
        guard levels.count >= 3 else { return 0 }
        let curvature = (1..<(levels.count - 1)).map { (index: Int) -> Double in
            let bend: Double = levels[index - 1] - 2 * levels[index] + levels[index + 1]
            return abs(bend)
        }
        if levels.allSatisfy({ $0 == $0.rounded() }) {
            return curvature.reduce(0, +) / Double(curvature.count) / secondDifferenceMean
        }
        return (Statistics.median(curvature) ?? 0) / secondDifferenceMedian
    }
}
