/// The colour balance of a frame or of a stretch of frames: each channel's share of the sum of the three
/// (chromaticity), so that the same light, brighter or darker, has the same balance. Light that has passed through a
/// fingertip keeps its balance when the finger presses harder or moves on the lens (tissue and blood filter it the
/// same way; only the amount changes), while a lens that sees the room or the lamp instead shows the room's balance.
/// Compared only with the balance the same camera showed while a pulse was seen, never with fixed ratios, so it holds
/// for any camera's colour balance.
struct ColourBalance: Sendable, Equatable {
    /// Largest difference of any channel's share at which two balances are the same finger's. On real fingertip
    /// recordings the balance of a second drifts by 0.03 or less from the seconds before it in nine readings of ten
    /// and a motion burst scaling all channels moves it by less; the greenest fingertip balance seen (green above
    /// red) is 0.17 from a grey room's, a red-dominant one 0.3 and more.
    static let sameFingerTolerance = 0.1

    /// Red's share of the sum.
    var red: Double
    /// Green's share of the sum.
    var green: Double
    /// Blue's share of the sum.
    var blue: Double

    /// The balance of these channel levels; nil when they sum to nothing (no light).
    init?(red: Double, green: Double, blue: Double) {
        let sum = red + green + blue
        guard sum > 0, sum.isFinite else { return nil }
        self.red = red / sum
        self.green = green / sum
        self.blue = blue / sum
    }

    /// The balance of one frame; nil for a black frame.
    init?(_ frame: FrameSample) {
        self.init(red: frame.red, green: frame.green, blue: frame.blue)
    }

    /// Whether `other` is within `sameFingerTolerance` of this balance in every channel.
    func isClose(to other: ColourBalance) -> Bool {
        max(abs(red - other.red), abs(green - other.green), abs(blue - other.blue)) <= Self.sameFingerTolerance
    }
}
