/// How a frame's bytes are arranged: pixel format, size in pixels, and the stride (bytes from the start of one row
/// to the next) of the first plane.
///
/// Planes follow each other without gaps:
/// - packed formats (`rgb24`, `bgr24`, `rgba`, `bgra`, `yuyv`) and `gray8`: one plane, `stride` bytes per row;
/// - `nv12`, `nv21`: the Y plane (`stride × height` bytes), then the interleaved chroma plane with the same `stride`
///   and ⌈height/2⌉ rows of ⌈width/2⌉ U/V (`nv12`) or V/U (`nv21`) pairs (so the stride is at least the width rounded
///   up to even);
/// - `i420`, `i422`: the Y plane (`stride × height`), then U, then V, each with `chromaStride = ⌈stride/2⌉` bytes
///   per row and ⌈height/2⌉ (`i420`) or `height` (`i422`) rows — for `stride == width` this is the tightly packed
///   layout of Y4M files and of most I420 buffers;
/// - `i444`: Y, U and V planes, each `stride × height`.
///
/// The last row of the last plane may stop after its last pixel (no trailing padding is required).
public struct FrameLayout: Sendable, Equatable {
    /// Largest width or height accepted, in pixels.
    public static let maximumDimension = 16_384
    /// Largest stride accepted, in bytes.
    public static let maximumStride = 1 << 20

    /// The pixel format.
    public var format: PixelFormat
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Bytes per row of the first plane (Y for YUV formats); at least `minimumStride`.
    public var stride: Int

    /// A layout with an explicit stride.
    public init(format: PixelFormat, width: Int, height: Int, stride: Int) {
        self.format = format
        self.width = width
        self.height = height
        self.stride = stride
    }

    /// A tightly packed layout (`stride == minimumStride`).
    public init(format: PixelFormat, width: Int, height: Int) {
        self.init(format: format, width: width, height: height, stride: 0)
        stride = minimumStride
    }

    /// Bytes one row of the first plane needs at this width (meaningless, but never a trap, for widths outside
    /// 1…`maximumDimension`, which `validate` rejects first).
    public var minimumStride: Int {
        switch format {
        case .rgb24, .bgr24: width &* 3
        case .rgba, .bgra: width &* 4
        case .yuyv: (width &+ 1) / 2 &* 4
        // The interleaved U/V rows share the stride and hold ⌈width/2⌉ pairs: an odd width needs one byte more.
        case .nv12, .nv21: (width &+ 1) / 2 &* 2
        case .i420, .i422, .i444, .gray8: width
        }
    }

    /// Bytes per row of each chroma plane (`nv12`, `nv21`: of the interleaved plane; `yuyv`: of the frame, whose
    /// rows hold the chroma); 0 for formats without chroma.
    public var chromaStride: Int {
        switch format {
        case .nv12, .nv21, .i444, .yuyv: stride
        case .i420, .i422: (stride + 1) / 2
        case .rgb24, .bgr24, .rgba, .bgra, .gray8: 0
        }
    }

    /// log2 of the chroma subsampling across (`x`) and down (`y`): (1, 1) for 4:2:0, (1, 0) for 4:2:2, (0, 0) for
    /// 4:4:4 and for formats without chroma.
    var chromaShift: (x: Int, y: Int) {
        switch format {
        case .nv12, .nv21, .i420: (1, 1)
        case .i422, .yuyv: (1, 0)
        case .i444, .rgb24, .bgr24, .rgba, .bgra, .gray8: (0, 0)
        }
    }

    /// Bytes from one chroma sample to the next along a row: 4 in `yuyv` (a U every pixel pair), 2 where U and V
    /// interleave, 1 in planar chroma planes, 0 without chroma.
    var chromaSampleBytes: Int {
        switch format {
        case .yuyv: 4
        case .nv12, .nv21: 2
        case .i420, .i422, .i444: 1
        case .rgb24, .bgr24, .rgba, .bgra, .gray8: 0
        }
    }

    /// Bytes from one luma sample to the next along a row of a YUV format (2 in `yuyv`, else 1).
    var lumaSampleBytes: Int {
        switch format {
        case .yuyv: 2
        case .nv12, .nv21, .i420, .i422, .i444, .rgb24, .bgr24, .rgba, .bgra, .gray8: 1
        }
    }

    /// Checks the dimensions, the stride and that `byteCount` bytes hold the frame; returns the bytes it needs.
    @discardableResult
    public func validate(byteCount: Int) throws(FrameReducerError) -> Int {
        guard (1...Self.maximumDimension).contains(width), (1...Self.maximumDimension).contains(height) else {
            throw .invalidDimensions(width: width, height: height)
        }
        guard stride >= minimumStride, stride <= Self.maximumStride else {
            throw .invalidStride(stride: stride, minimum: minimumStride)
        }
        let required = requiredByteCount
        guard byteCount >= required else { throw .bufferTooSmall(byteCount: byteCount, required: required) }
        return required
    }

    /// Bytes the frame occupies up to the last pixel of its last plane (meaningful once dimensions and stride are
    /// valid).
    var requiredByteCount: Int {
        let lumaRows = stride * (height - 1) + minimumStride
        switch format {
        case .rgb24, .bgr24, .rgba, .bgra, .yuyv, .gray8:
            return lumaRows
        case .nv12, .nv21:
            return stride * height + stride * (chromaHeight - 1) + (width + 1) / 2 * 2
        case .i420, .i422, .i444:
            return chromaPlaneOffsets.v + chromaStride * (chromaHeight - 1) + chromaWidth
        }
    }

    /// Rows of each chroma plane.
    var chromaHeight: Int { (height + (1 << chromaShift.y) - 1) >> chromaShift.y }

    /// Chroma samples per row of each planar chroma plane.
    var chromaWidth: Int { (width + (1 << chromaShift.x) - 1) >> chromaShift.x }

    /// Byte offsets of the first U and first V sample (`nv12`, `nv21`: in the interleaved plane; `yuyv`: in the
    /// first pixel pair); (0, 0) for formats without chroma.
    var chromaPlaneOffsets: (u: Int, v: Int) {
        let chroma = stride * height
        switch format {
        case .yuyv: return (1, 3)
        case .nv12: return (chroma, chroma + 1)
        case .nv21: return (chroma + 1, chroma)
        case .i420, .i422, .i444: return (chroma, chroma + chromaStride * chromaHeight)
        case .rgb24, .bgr24, .rgba, .bgra, .gray8: return (0, 0)
        }
    }
}
