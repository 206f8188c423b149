/// Where red, green and blue sit inside one packed pixel.
struct PackedRGBGeometry {
    /// Bytes per pixel (3 or 4).
    let pixelBytes: Int
    /// Byte offset of red within a pixel.
    let red: Int
    /// Byte offset of green within a pixel.
    let green: Int
    /// Byte offset of blue within a pixel.
    let blue: Int
}

extension FrameReducer {
    /// Channel means of a packed RGB-family frame over `grid`.
    static func packedMeans(_ base: UnsafeRawPointer, _ stride: Int, _ grid: SamplingGrid,
                            _ geometry: PackedRGBGeometry) -> ChannelMeans {
        RedLevelTable.withLevelZero { redLevels in
            var redTotal = 0, green = 0, blue = 0
            let advance = grid.step * geometry.pixelBytes
            for row in 0..<grid.rows {
                var pixel = base + (grid.top + row * grid.step) * stride + grid.left * geometry.pixelBytes
                for _ in 0..<grid.columns {
                    redTotal &+= redLevels[Int(pixel.load(fromByteOffset: geometry.red, as: UInt8.self))]
                    green &+= Int(pixel.load(fromByteOffset: geometry.green, as: UInt8.self))
                    blue &+= Int(pixel.load(fromByteOffset: geometry.blue, as: UInt8.self))
                    pixel += advance
                }
            }
            let count = Double(grid.sampleCount)
            return ChannelMeans(red: Double(RedLevelTable.redSum(redTotal)) / count, green: Double(green) / count,
                                blue: Double(blue) / count,
                                saturatedFraction: Double(RedLevelTable.saturatedCount(redTotal)) / count)
        }
    }
}
