/// Where luma and chroma of a pixel sit in a YUV frame, relative to the frame's first byte.
struct YUVGeometry {
    /// Bytes between horizontally adjacent luma samples (2 in YUYV, else 1).
    let lumaPixelBytes: Int
    /// Offset of the first U byte.
    let uOffset: Int
    /// Offset of the first V byte.
    let vOffset: Int
    /// Bytes between horizontally adjacent chroma samples (4 in YUYV, 2 in NV12 and NV21, else 1).
    let chromaPixelBytes: Int
    /// Bytes per chroma row.
    let chromaStride: Int
    /// log2 of the horizontal chroma subsampling (1 for 4:2:x, 0 for 4:4:4).
    let chromaShiftX: Int
    /// log2 of the vertical chroma subsampling (1 for 4:2:0, else 0).
    let chromaShiftY: Int

    /// The geometry of a YUV layout.
    init(_ layout: FrameLayout) {
        let planes = layout.chromaPlaneOffsets
        self.init(luma: layout.lumaSampleBytes, u: planes.u, v: planes.v, chroma: layout.chromaSampleBytes,
                  chromaStride: layout.chromaStride, shiftX: layout.chromaShift.x, shiftY: layout.chromaShift.y)
    }

    private init(luma: Int, u: Int, v: Int, chroma: Int, chromaStride: Int, shiftX: Int, shiftY: Int) {
        lumaPixelBytes = luma
        uOffset = u
        vOffset = v
        chromaPixelBytes = chroma
        self.chromaStride = chromaStride
        chromaShiftX = shiftX
        chromaShiftY = shiftY
    }
}

extension FrameReducer {
    /// `298·16 + 409·128 − 128`: folds the offsets and the rounding term of the integer red conversion.
    private static let redBias = 56_992
    /// `298·16 − 128`: the same for luma alone.
    private static let lumaBias = 4_640

    /// Channel means of a YUV frame over `grid` (see `FrameReducer` for the conversion).
    static func yuvMeans(_ base: UnsafeRawPointer, _ stride: Int, _ grid: SamplingGrid,
                         _ geometry: YUVGeometry) -> ChannelMeans {
        RedLevelTable.withLevelZero { redLevels in
            var lumaSum = 0, uSum = 0, vSum = 0, redTotal = 0
            let lumaAdvance = grid.step * geometry.lumaPixelBytes
            let chromaAdvance = (grid.step >> geometry.chromaShiftX) * geometry.chromaPixelBytes
            for row in 0..<grid.rows {
                let y = grid.top + row * grid.step
                var luma = base + y * stride + grid.left * geometry.lumaPixelBytes
                let chroma = (y >> geometry.chromaShiftY) * geometry.chromaStride
                    + (grid.left >> geometry.chromaShiftX) * geometry.chromaPixelBytes
                var u = base + geometry.uOffset + chroma
                var v = base + geometry.vOffset + chroma
                for _ in 0..<grid.columns {
                    let lumaValue = Int(luma.load(as: UInt8.self))
                    let vValue = Int(v.load(as: UInt8.self))
                    lumaSum &+= lumaValue
                    uSum &+= Int(u.load(as: UInt8.self))
                    vSum &+= vValue
                    redTotal &+= redLevels[(298 &* lumaValue &+ 409 &* vValue &- redBias) >> 8]
                    luma += lumaAdvance
                    u += chromaAdvance
                    v += chromaAdvance
                }
            }
            let count = Double(grid.sampleCount)
            let luma = (Double(lumaSum) / count - 16) * 298
            let u = Double(uSum) / count - 128
            let v = Double(vSum) / count - 128
            return ChannelMeans(red: Double(RedLevelTable.redSum(redTotal)) / count,
                                green: clamp((luma - 100 * u - 208 * v) / 256), blue: clamp((luma + 516 * u) / 256),
                                saturatedFraction: Double(RedLevelTable.saturatedCount(redTotal)) / count)
        }
    }

    /// Channel means of a `gray8` frame over `grid`: all three channels are the converted luma.
    static func grayMeans(_ base: UnsafeRawPointer, _ stride: Int, _ grid: SamplingGrid) -> ChannelMeans {
        RedLevelTable.withLevelZero { levels in
            var total = 0
            for row in 0..<grid.rows {
                var luma = base + (grid.top + row * grid.step) * stride + grid.left
                for _ in 0..<grid.columns {
                    total &+= levels[(298 &* Int(luma.load(as: UInt8.self)) &- lumaBias) >> 8]
                    luma += grid.step
                }
            }
            let count = Double(grid.sampleCount)
            let level = Double(RedLevelTable.redSum(total)) / count
            return ChannelMeans(red: level, green: level, blue: level,
                                saturatedFraction: Double(RedLevelTable.saturatedCount(total)) / count)
        }
    }

    private static func clamp(_ value: Double) -> Double {
        min(max(value, 0), 255)
    }
}
