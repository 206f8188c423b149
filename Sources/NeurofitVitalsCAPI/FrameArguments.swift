import CNeurofitVitals
import NeurofitVitals

/// Turns the C frame description into a reducer layout.
enum FrameArguments {
    private static let formats: [UInt32: PixelFormat] = [
        NFV_PIXEL_RGB24.rawValue: .rgb24, NFV_PIXEL_BGR24.rawValue: .bgr24, NFV_PIXEL_RGBA.rawValue: .rgba,
        NFV_PIXEL_BGRA.rawValue: .bgra, NFV_PIXEL_YUYV.rawValue: .yuyv, NFV_PIXEL_NV12.rawValue: .nv12,
        NFV_PIXEL_I420.rawValue: .i420,
    ]

    /// The layout of a `nfv_pixel_format` frame; stride 0 means tightly packed.
    /// - Throws: `invalidArgument` for an unknown format, a size that is not positive or a negative stride.
    static func layout(format: UInt32, width: CInt, height: CInt, stride: CInt) throws(VitalsError) -> FrameLayout {
        guard let pixelFormat = formats[format] else {
            throw .invalidArgument("Unknown pixel format \(format); the frame was ignored")
        }
        guard stride >= 0 else { throw .invalidArgument("stride is negative (\(stride)); the frame was ignored") }
        guard width > 0, height > 0 else {
            throw .invalidArgument("width and height must be positive (got \(width)×\(height)); the frame was ignored")
        }
        return stride == 0
            ? FrameLayout(format: pixelFormat, width: Int(width), height: Int(height))
            : FrameLayout(format: pixelFormat, width: Int(width), height: Int(height), stride: Int(stride))
    }
}
