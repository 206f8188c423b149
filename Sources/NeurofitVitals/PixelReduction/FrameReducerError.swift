/// Why a frame cannot be reduced: each case names the problem, so a host sees what it passed wrong instead of a
/// crash or an out-of-bounds read.
public enum FrameReducerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A pixel-format name the reducer does not know.
    case unknownFormat(String)
    /// Width or height outside 1…`FrameLayout.maximumDimension`.
    case invalidDimensions(width: Int, height: Int)
    /// A stride smaller than one row of the format at this width, or larger than `FrameLayout.maximumStride`.
    case invalidStride(stride: Int, minimum: Int)
    /// Fewer bytes than the layout needs.
    case bufferTooSmall(byteCount: Int, required: Int)

    /// One English sentence naming the problem and the numbers involved.
    public var description: String {
        switch self {
        case .unknownFormat(let name):
            "unknown pixel format '\(name)' (known: \(PixelFormat.allCases.map(\.rawValue).joined(separator: ", ")))"
        case .invalidDimensions(let width, let height):
            "invalid frame size \(width)x\(height): width and height must be in 1...\(FrameLayout.maximumDimension)"
        case .invalidStride(let stride, let minimum):
            "invalid stride \(stride): a row needs at least \(minimum) bytes and at most \(FrameLayout.maximumStride)"
        case .bufferTooSmall(let byteCount, let required):
            "frame buffer too small: \(byteCount) bytes given, the layout needs \(required)"
        }
    }
}
