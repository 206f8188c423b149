/// A lookup table that turns an unclamped red level into what the reducer accumulates for a pixel: the level
/// clamped to 0…255, plus 2³² when that level is saturated (≥ `FrameReducer.saturationThreshold`). Summing the
/// entries of a frame's pixels gives the red sum in the low 32 bits and the saturated count above, with one load
/// and one add per pixel instead of a clamp, a compare and two adds.
///
/// It covers every level the integer BT.601 red conversion can produce from 8-bit Y and V, −223…481.
enum RedLevelTable {
    /// Lowest level covered.
    static let lowest = -223
    /// Highest level covered.
    static let highest = 481
    /// Entries for `lowest…highest`, built once per process.
    static let entries: [Int] = (lowest...highest).map { level in
        let clamped = min(max(level, 0), 255)
        return clamped + (clamped >= FrameReducer.saturationThreshold ? 1 << 32 : 0)
    }

    /// Calls `body` with a pointer at the entry for level 0 (valid for offsets `lowest…highest`).
    static func withLevelZero<Result>(_ body: (UnsafePointer<Int>) -> Result) -> Result {
        entries.withUnsafeBufferPointer { body($0.baseAddress! - lowest) }
    }

    /// The red sum of an accumulated total.
    static func redSum(_ total: Int) -> Int { total & 0xFFFF_FFFF }

    /// The saturated-pixel count of an accumulated total.
    static func saturatedCount(_ total: Int) -> Int { total >> 32 }
}
