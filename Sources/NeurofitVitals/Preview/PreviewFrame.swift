/// A small RGB picture of what the source sees, for the host to show the user (their fingertip and its red glow).
public struct PreviewFrame: Sendable, Equatable {
    /// Widest preview, in pixels: larger frames are scaled down to this width, keeping their aspect.
    public static let maximumWidth = 160

    /// Width in pixels (1…`maximumWidth`).
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bytes from one row to the next (`width × 3`: rows are packed).
    public var stride: Int { width * 3 }
    /// Packed R, G, B bytes, `stride × height` of them.
    public let rgb: [UInt8]
    /// The sample time of the frame it shows, in microseconds.
    public let timestampMicroseconds: Int64

    /// A frame of `width × height` packed RGB `rgb` bytes taken at `timestampMicroseconds`.
    public init(width: Int, height: Int, rgb: [UInt8], timestampMicroseconds: Int64) {
        precondition(rgb.count == width * height * 3, "a preview frame holds width × height × 3 bytes")
        self.width = width
        self.height = height
        self.rgb = rgb
        self.timestampMicroseconds = timestampMicroseconds
    }
}
