import NeurofitVitals
/// One capture mode a camera offers: a pixel format at a frame size, with the highest frame rate the driver
/// advertises for it.
public struct CameraMode: Sendable, Hashable {
    /// Pixel format.
    public var format: FourCC
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Highest advertised frame rate (frames/s), from the shortest frame interval.
    public var maxFps: Double
    /// Whether libv4l2 emulates this format by converting another one (never chosen).
    public var isEmulated: Bool

    /// Creates a mode.
    public init(format: FourCC, width: Int, height: Int, maxFps: Double, isEmulated: Bool = false) {
        self.format = format
        self.width = width
        self.height = height
        self.maxFps = maxFps
        self.isEmulated = isEmulated
    }

    /// Pixels per frame.
    public var area: Int { width * height }

    /// `YUYV 640x480@30`.
    public var label: String {
        let fps = maxFps == maxFps.rounded() ? String(Int(maxFps)) : String(maxFps)
        return "\(format) \(width)x\(height)@\(fps)" + (isEmulated ? " (emulated)" : "")
    }
}
