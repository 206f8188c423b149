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

    /// The format with this name (the raw value: `rgb24`, `nv12`, …).
    public init(name: String) throws(FrameReducerError) {
        guard let format = PixelFormat(rawValue: name) else { throw .unknownFormat(name) }
        self = format
    }
}
