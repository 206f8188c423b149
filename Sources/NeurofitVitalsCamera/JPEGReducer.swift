import NeurofitVitals
import CJPEG

/// Reduces MJPEG frames to channel means: libjpeg decodes at 1/8 scale (one pixel per 8×8 block, from the DC
/// coefficients, whose mean equals the pixel mean up to rounding and clipping) into a buffer
/// allocated once, then the frame reducer reads it as RGB24. libjpeg's own per-image working memory is the only
/// allocation per frame on this path.
final class JPEGReducer {
    private let decoder: UnsafeMutablePointer<cjpeg_decoder>?
    private let pixels: UnsafeMutableRawBufferPointer
    private let reducer: FrameReducer
    /// The layout of the last frame decoded (RGB24 at 1/8 scale), whose pixels are in `decodedPixels`.
    private(set) var decodedLayout: FrameLayout?

    /// A reducer for frames of `width × height`.
    init(width: Int, height: Int, reducer: FrameReducer) {
        decoder = cjpeg_new()
        let capacity = ((width + 7) / 8) * ((height + 7) / 8) * 3
        pixels = UnsafeMutableRawBufferPointer.allocate(byteCount: max(capacity, 3), alignment: 16)
        self.reducer = reducer
    }

    deinit {
        cjpeg_free(decoder)
        pixels.deallocate()
    }

    /// The channel means of one JPEG frame, or nil when it does not decode.
    func reduce(_ frame: UnsafeRawBufferPointer) -> ChannelMeans? {
        guard let decoder, let source = frame.baseAddress, frame.count > 0 else { return nil }
        var width: Int32 = 0
        var height: Int32 = 0
        let status = cjpeg_decode_eighth(decoder, source.assumingMemoryBound(to: UInt8.self), UInt(frame.count),
                                         pixels.baseAddress!.assumingMemoryBound(to: UInt8.self), pixels.count,
                                         &width, &height)
        decodedLayout = nil
        guard status == 0 else { return nil }
        let layout = FrameLayout(format: .rgb24, width: Int(width), height: Int(height))
        decodedLayout = layout
        return try? reducer.reduce(decodedPixels, layout: layout)
    }

    /// The pixels of the last frame decoded (valid until the next `reduce`).
    var decodedPixels: UnsafeRawBufferPointer { UnsafeRawBufferPointer(pixels) }
}
