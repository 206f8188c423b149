/// The frame-to-frame noise of a channel's level, estimated from second differences between frames: a smooth
/// movement of the level (a pulse, breathing, a finger settling) leaves little in them, while white noise of σ per
/// frame gives them a median magnitude of 1.652 σ (the noise of three frames, weighted 1, −2, 1).
enum FrameNoise {
    /// Median magnitude of the second differences of a white noise of σ = 1.
    static let secondDifferenceMedian = 1.652

    /// σ of the frame noise in `levels` (successive frames, counts); 0 with fewer than three frames.
    static func sigma(_ levels: [Double]) -> Double {
        guard levels.count >= 3 else { return 0 }
        let curvature = (1..<(levels.count - 1)).map { (index: Int) -> Double in
            let bend: Double = levels[index - 1] - 2 * levels[index] + levels[index + 1]
            return abs(bend)
        }
        return (Statistics.median(curvature) ?? 0) / secondDifferenceMedian
    }
}
