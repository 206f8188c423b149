/// Scales a frame down to a `PreviewFrame` (nearest neighbour, at most `PreviewFrame.maximumWidth` wide, aspect
/// kept) and converts it to RGB (YUV: BT.601 limited range, as the frame reducer reads it).
public enum PreviewScaler {
    /// The preview of a frame with `layout` in `pixels`, or nil when the layout does not fit the bytes.
    public static func preview(of pixels: UnsafeRawBufferPointer, layout: FrameLayout,
                               timestampMicroseconds: Int64) -> PreviewFrame? {
        guard (try? layout.validate(byteCount: pixels.count)) != nil else { return nil }
        let width = min(layout.width, PreviewFrame.maximumWidth)
        let height = max(1, (layout.height * width + layout.width / 2) / layout.width)
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        let bytes = pixels.bindMemory(to: UInt8.self)
        var out = 0
        for row in 0..<height {
            let y = row * layout.height / height
            for column in 0..<width {
                let (r, g, b) = colour(bytes, layout, x: column * layout.width / width, y: y)
                rgb[out] = r
                rgb[out + 1] = g
                rgb[out + 2] = b
                out += 3
            }
        }
        return PreviewFrame(width: width, height: height, rgb: rgb, timestampMicroseconds: timestampMicroseconds)
    }

    /// The colour of pixel (`x`, `y`).
    private static func colour(_ bytes: UnsafeBufferPointer<UInt8>, _ layout: FrameLayout,
                               x: Int, y: Int) -> (UInt8, UInt8, UInt8) {
        let row = y * layout.stride
        switch layout.format.colourModel {
        case .packedRGB(let geometry):
            let pixel = row + x * geometry.pixelBytes
            return (bytes[pixel + geometry.red], bytes[pixel + geometry.green], bytes[pixel + geometry.blue])
        case .luma: return (bytes[row + x], bytes[row + x], bytes[row + x])
        case .yuv:
            let (u, v) = chroma(bytes, layout, x: x, y: y)
            return rgb(luma: bytes[row + x * layout.lumaSampleBytes], u: u, v: v)
        }
    }

    /// The U and V samples that cover pixel (`x`, `y`) of a YUV frame.
    private static func chroma(_ bytes: UnsafeBufferPointer<UInt8>, _ layout: FrameLayout,
                               x: Int, y: Int) -> (UInt8, UInt8) {
        let planes = layout.chromaPlaneOffsets
        let shift = layout.chromaShift
        let sample = (y >> shift.y) * layout.chromaStride + (x >> shift.x) * layout.chromaSampleBytes
        return (bytes[planes.u + sample], bytes[planes.v + sample])
    }

    /// BT.601 limited-range Y′CbCr to 8-bit RGB (integer coefficients × 256, rounded, as the frame reducer's).
    private static func rgb(luma: UInt8, u: UInt8, v: UInt8) -> (UInt8, UInt8, UInt8) {
        let y = 298 * (Int(luma) - 16) + 128, cb = Int(u) - 128, cr = Int(v) - 128
        return (clamped(y + 409 * cr), clamped(y - 100 * cb - 208 * cr), clamped(y + 516 * cb))
    }

    private static func clamped(_ scaled: Int) -> UInt8 { UInt8(min(max(scaled >> 8, 0), 255)) }
}
