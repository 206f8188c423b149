/// The pixels the reducer reads: a regular grid over the central region of interest, the middle half of the width
/// by the middle half of the height (a quarter of the frame), stepping `step` pixels in both directions.
///
/// `left`, `top` and `step` are even, so every sampled pixel starts a YUYV pair and sits on a 4:2:0 chroma site.
/// `step` is the smallest even number ≥ 2 that keeps the sample count within the reducer's budget.
public struct SamplingGrid: Sendable, Equatable {
    /// Column of the first sampled pixel.
    public let left: Int
    /// Row of the first sampled pixel.
    public let top: Int
    /// Pixels between sampled columns and between sampled rows.
    public let step: Int
    /// Sampled pixels per sampled row.
    public let columns: Int
    /// Sampled rows.
    public let rows: Int

    /// The grid over the central half × half of a `width × height` frame with at most `budget` samples (or one
    /// sample per 2 × 2 block when that is fewer).
    public init(width: Int, height: Int, budget: Int) {
        let regionWidth = max(1, width / 2)
        let regionHeight = max(1, height / 2)
        var step = 2
        while Self.count(regionWidth, step) * Self.count(regionHeight, step) > max(1, budget) {
            step += 2
        }
        self.left = width / 4 & ~1
        self.top = height / 4 & ~1
        self.step = step
        self.columns = Self.count(regionWidth, step)
        self.rows = Self.count(regionHeight, step)
    }

    /// Number of sampled pixels.
    public var sampleCount: Int { columns * rows }

    /// Samples along an extent of `length` pixels at `step`.
    private static func count(_ length: Int, _ step: Int) -> Int {
        (length + step - 1) / step
    }
}
