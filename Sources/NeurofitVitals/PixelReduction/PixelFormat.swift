/// The pixel layouts the frame reducer reads (host frames, camera buffers, Y4M video), 8 bits per sample.
///
/// YUV formats are BT.601 limited range (Y 16…235, U/V 16…240), as V4L2 cameras and Y4M files deliver them.
public enum PixelFormat: String, Sendable, CaseIterable {
    /// Packed R, G, B; 3 bytes per pixel.
    case rgb24
    /// Packed B, G, R; 3 bytes per pixel.
    case bgr24
    /// Packed R, G, B, A; 4 bytes per pixel (alpha ignored).
    case rgba
    /// Packed B, G, R, A; 4 bytes per pixel (alpha ignored).
    case bgra
    /// Packed 4:2:2 Y0 U Y1 V; 4 bytes per pair of pixels.
    case yuyv
    /// 4:2:0: a Y plane, then one plane of interleaved U, V at half width and half height.
    case nv12
    /// 4:2:0 planar: Y, then U, then V, each chroma plane half width and half height.
    case i420
    /// 4:2:2 planar: Y, then U, then V, each chroma plane half width and full height.
    case i422
    /// 4:4:4 planar: Y, U and V planes of the same size.
    case i444
    /// Luma only (monochrome); red, green and blue are all equal.
    case gray8
    /// 4:2:0: a Y plane, then one plane of interleaved V, U at half width and half height (NV12 with the chroma
    /// order swapped: Android's camera preview default).
    case nv21

    /// The format with this name (the raw value: `rgb24`, `nv12`, …).
    public init(name: String) throws(FrameReducerError) {
        guard let format = PixelFormat(rawValue: name) else { throw .unknownFormat(name) }
        self = format
    }

    /// The `nfv_pixel_format` value of a format `nfv_session_submit_frame` accepts; nil for the formats only the
    /// camera and Y4M files deliver. `scripts/generate --check` holds the header to these numbers.
    public var hostFormatValue: Int? {
        switch self {
        case .rgb24: 1
        case .bgr24: 2
        case .rgba: 3
        case .bgra: 4
        case .yuyv: 5
        case .nv12: 6
        case .i420: 7
        case .nv21: 8
        case .i422, .i444, .gray8: nil
        }
    }

    /// The format whose `hostFormatValue` is `value`, if any.
    public init?(hostFormatValue value: Int) {
        guard let format = PixelFormat.allCases.first(where: { $0.hostFormatValue == value }) else { return nil }
        self = format
    }

    /// How a pixel's colour is stored, which says how the frame reducer and the preview read the format.
    enum ColourModel {
        /// Red, green and blue bytes in each pixel, where the geometry says.
        case packedRGB(PackedRGBGeometry)
        /// Luma and chroma samples, where the frame's `FrameLayout` says.
        case yuv
        /// Luma only.
        case luma
    }

    /// How this format stores a pixel's colour.
    var colourModel: ColourModel {
        switch self {
        case .rgb24: .packedRGB(PackedRGBGeometry(pixelBytes: 3, red: 0, green: 1, blue: 2))
        case .bgr24: .packedRGB(PackedRGBGeometry(pixelBytes: 3, red: 2, green: 1, blue: 0))
        case .rgba: .packedRGB(PackedRGBGeometry(pixelBytes: 4, red: 0, green: 1, blue: 2))
        case .bgra: .packedRGB(PackedRGBGeometry(pixelBytes: 4, red: 2, green: 1, blue: 0))
        case .yuyv, .nv12, .nv21, .i420, .i422, .i444: .yuv
        case .gray8: .luma
        }
    }

    /// One line on the layout, for the contract and the docs.
    public var summary: String {
        switch self {
        case .rgb24: "packed R, G, B; 3 bytes per pixel"
        case .bgr24: "packed B, G, R; 3 bytes per pixel"
        case .rgba: "packed R, G, B, A; 4 bytes per pixel (alpha ignored)"
        case .bgra: "packed B, G, R, A; 4 bytes per pixel (alpha ignored)"
        case .yuyv: "packed 4:2:2 Y0 U Y1 V; 4 bytes per pair of pixels"
        case .nv12: "4:2:0: a Y plane, then interleaved U, V at half width and height"
        case .i420: "4:2:0 planar: Y, then U, then V at half width and height"
        case .i422: "4:2:2 planar: Y, then U, then V at half width, full height"
        case .i444: "4:4:4 planar: Y, U and V planes of the same size"
        case .gray8: "luma only"
        case .nv21: "4:2:0: a Y plane, then interleaved V, U at half width and height"
        }
    }
}
