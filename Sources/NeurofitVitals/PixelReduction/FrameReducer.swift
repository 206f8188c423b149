/// Reduces one frame to its channel means over the central region of interest (see `SamplingGrid`), reading the
/// caller's bytes in place: no copy of the frame and no allocation per frame, so it can run on a camera thread at
/// 60 fps.
///
/// - Packed RGB formats: the mean of each channel's bytes over the sampled pixels; a pixel is saturated when its
///   red byte is ≥ `saturationThreshold`.
/// - YUV formats (BT.601 limited range): each sampled pixel's red is converted with the standard 8-bit integer
///   form, `R = clamp((298·(Y−16) + 409·(V−128) + 128) >> 8, 0, 255)`; its mean and the saturated share come from
///   these per-pixel values. Green and blue are converted from the mean Y, U, V (the conversion is linear, so this
///   equals converting every pixel except where single pixels would clip), using
///   `G = 1.164·(Y−16) − 0.391·(U−128) − 0.813·(V−128)` and `B = 1.164·(Y−16) + 2.016·(U−128)` with the same
///   ÷256 integer coefficients (298, 100, 208, 516), clamped to 0…255.
/// - `gray8`: every channel is the converted luma, `clamp((298·(Y−16) + 128) >> 8, 0, 255)`.
public struct FrameReducer: Sendable {
    /// Red value (8-bit) from which a pixel counts as saturated.
    public static let saturationThreshold = 250
    /// Default most pixels sampled per frame (the step grows in even numbers until the grid fits).
    public static let defaultSampleBudget = 40_000

    /// Most pixels sampled per frame.
    public let sampleBudget: Int

    /// A reducer sampling at most `sampleBudget` pixels per frame.
    public init(sampleBudget: Int = FrameReducer.defaultSampleBudget) {
        self.sampleBudget = sampleBudget
    }

    /// The pixels sampled in a `width × height` frame.
    public func samplingGrid(width: Int, height: Int) -> SamplingGrid {
        SamplingGrid(width: width, height: height, budget: sampleBudget)
    }

    /// The channel means of the frame in `pixels`, laid out as `layout` says. Throws when the layout is invalid or
    /// the buffer is shorter than the layout needs; never reads outside `pixels`.
    public func reduce(_ pixels: UnsafeRawBufferPointer, layout: FrameLayout) throws(FrameReducerError)
        -> ChannelMeans {
        try layout.validate(byteCount: pixels.count)
        guard let base = pixels.baseAddress else {
            throw .bufferTooSmall(byteCount: 0, required: layout.requiredByteCount)
        }
        let grid = samplingGrid(width: layout.width, height: layout.height)
        switch layout.format.colourModel {
        case .packedRGB(let geometry): return Self.packedMeans(base, layout.stride, grid, geometry)
        case .luma: return Self.grayMeans(base, layout.stride, grid)
        case .yuv: return Self.yuvMeans(base, layout.stride, grid, YUVGeometry(layout))
        }
    }
}
