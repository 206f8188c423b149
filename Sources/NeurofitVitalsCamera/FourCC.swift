import NeurofitVitals
/// A V4L2 pixel format code: four ASCII characters packed little-endian (`v4l2_fourcc`).
public struct FourCC: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The packed code as V4L2 stores it.
    public let rawValue: UInt32

    /// The code with this packed value.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// The code spelled by four ASCII characters (`"YUYV"`); shorter text is padded with spaces.
    public init(_ text: String) {
        var value: UInt32 = 0
        for (index, byte) in text.utf8.prefix(4).enumerated() { value |= UInt32(byte) << (8 * UInt32(index)) }
        for index in text.utf8.count..<4 { value |= 0x20 << (8 * UInt32(index)) }
        rawValue = value
    }

    /// The four characters, trailing spaces removed.
    public var description: String {
        var characters = ""
        for index in 0..<4 {
            let byte = UInt8(truncatingIfNeeded: rawValue >> (8 * UInt32(index)))
            characters.append(byte >= 0x20 && byte < 0x7f ? Character(Unicode.Scalar(byte)) : "?")
        }
        while characters.hasSuffix(" ") { characters.removeLast() }
        return characters
    }

    public static func < (lhs: FourCC, rhs: FourCC) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Packed 4:2:2 Y0 U Y1 V.
    public static let yuyv = FourCC("YUYV")
    /// Packed 4:2:2 U Y0 V Y1.
    public static let uyvy = FourCC("UYVY")
    /// 4:2:0 with an interleaved U/V plane.
    public static let nv12 = FourCC("NV12")
    /// 4:2:0, a Y plane then interleaved V/U (NV12 with the chroma order swapped).
    public static let nv21 = FourCC("NV21")
    /// 4:2:0 planar (I420).
    public static let yu12 = FourCC("YU12")
    /// Motion JPEG (UVC).
    public static let mjpeg = FourCC("MJPG")
    /// JPEG frames.
    public static let jpeg = FourCC("JPEG")
    /// 8-bit luma only.
    public static let grey = FourCC("GREY")
    /// Packed R, G, B (PipeWire's RGB).
    public static let rgb3 = FourCC("RGB3")
    /// Packed B, G, R (PipeWire's BGR).
    public static let bgr3 = FourCC("BGR3")
    /// Packed B, G, R, X: 4 bytes a pixel (PipeWire's BGRx).
    public static let xrgb32 = FourCC("XR24")
    /// Packed B, G, R, A (PipeWire's BGRA).
    public static let argb32 = FourCC("AR24")
    /// Packed R, G, B, X (PipeWire's RGBx).
    public static let xbgr32 = FourCC("XB24")
    /// Packed R, G, B, A (PipeWire's RGBA).
    public static let abgr32 = FourCC("AB24")

    /// The family this format belongs to, for the tier rule's tie-break.
    public var family: Family {
        switch self {
        case .yuyv, .uyvy, .nv12, .yu12, .nv21, FourCC("YV12"), FourCC("YVYU"), FourCC("VYUY"), .grey:
            return .yuv
        case .mjpeg, .jpeg:
            return .mjpeg
        case FourCC("BA81"), FourCC("GBRG"), FourCC("GRBG"), FourCC("RGGB"), FourCC("BG10"), FourCC("GB10"),
             FourCC("BA10"), FourCC("RG10"), FourCC("pBAA"), FourCC("pGAA"), FourCC("pgAA"), FourCC("pRAA"):
            return .bayer
        default:
            return .other
        }
    }

    /// Format families in the order the tier rule prefers them.
    public enum Family: Int, Sendable, Comparable {
        /// Uncompressed YUV: reduced in place, cheapest.
        case yuv
        /// Motion JPEG: decoded at 1/8 scale.
        case mjpeg
        /// Raw Bayer from a sensor without an ISP.
        case bayer
        /// Anything else (RGB, vendor formats).
        case other

        public static func < (lhs: Family, rhs: Family) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The frame reducer's layout for frames of this format delivered as is, or nil when frames need decoding
    /// (MJPEG) or cannot be reduced (Bayer, UYVY, other RGB variants). The packed RGB formats are those PipeWire
    /// delivers (V4L2 cameras rarely offer them natively; libv4l2's emulated RGB3/BGR3 are never chosen).
    public var reducerFormat: PixelFormat? {
        switch self {
        case .yuyv: .yuyv
        case .nv12: .nv12
        case .nv21: .nv21
        case .yu12: .i420
        case .grey: .gray8
        case .rgb3: .rgb24
        case .bgr3: .bgr24
        case .xrgb32, .argb32: .bgra
        case .xbgr32, .abgr32: .rgba
        default: nil
        }
    }
}
