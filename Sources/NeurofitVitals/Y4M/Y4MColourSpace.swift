/// The 8-bit colour spaces (`C` parameter) the Y4M reader handles, with the planar layout each maps to.
public enum Y4MColourSpace: String, Sendable, CaseIterable {
    /// 4:2:0, JPEG/MPEG-1 chroma siting (the default when `C` is absent).
    case c420jpeg = "420jpeg"
    /// 4:2:0, PAL DV chroma siting.
    case c420paldv = "420paldv"
    /// 4:2:0, MPEG-2 chroma siting.
    case c420mpeg2 = "420mpeg2"
    /// 4:2:0, siting unspecified.
    case c420 = "420"
    /// 4:2:2 planar.
    case c422 = "422"
    /// 4:4:4 planar.
    case c444 = "444"
    /// Luma only.
    case mono

    /// The reducer's pixel format for frames of this colour space (siting does not change a regional mean).
    public var pixelFormat: PixelFormat {
        switch self {
        case .c420jpeg, .c420paldv, .c420mpeg2, .c420: .i420
        case .c422: .i422
        case .c444: .i444
        case .mono: .gray8
        }
    }
}
