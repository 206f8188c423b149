import NeurofitVitals

/// Turns the C frame description into a reducer layout.
enum FrameArguments {
    /// The layout of a `nfv_pixel_format` frame; stride 0 means tightly packed.
    /// - Throws: `invalidArgument` for an unknown format, a size that is not positive or a negative stride.
    static func layout(format: UInt32, width: CInt, height: CInt, stride: CInt) throws(VitalsError) -> FrameLayout {
        guard let pixelFormat = PixelFormat(hostFormatValue: Int(format)) else {
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
