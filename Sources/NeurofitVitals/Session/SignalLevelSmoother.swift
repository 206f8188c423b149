/// The `signalLevel` a measuring preview shows: the mean quality score of the attempt's last few scored previews as a
/// level, one level lower while a poor-signal cancel is near, and absent until a preview has been scored. The mean
/// keeps a single noisy second from flickering the level a host shows as it is.
struct SignalLevelSmoother {
    /// How many of the latest scored previews the mean covers.
    static let window = 3

    /// The quality scores of the latest scored previews, oldest first (at most `window`).
    private var recentScores: [Double] = []

    /// Records a preview's quality score (nil: not scored yet, ignored) and returns the level to show; nil while no
    /// preview of the attempt has been scored.
    mutating func level(score: Double?, cancelNear: Bool) -> SignalLevelName? {
        if let score {
            recentScores.append(score)
            if recentScores.count > Self.window { recentScores.removeFirst() }
        }
        guard !recentScores.isEmpty else { return nil }
        let level = SignalLevelName(score: recentScores.reduce(0, +) / Double(recentScores.count))
        return cancelNear ? level.weaker : level
    }
}
