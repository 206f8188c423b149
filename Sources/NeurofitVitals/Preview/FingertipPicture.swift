import PpgCore

/// Paints a preview for a source that has channel means but no pixels (the simulated finger): a lit fingertip
/// filling the lens, brightest at the centre and darker towards the rim, whose mean colour is the frame's channel
/// means (up to clipping at 255). The shading is computed once; a frame costs one multiply per byte.
public struct FingertipPicture: Sendable {
    /// Width of the pictures, pixels.
    public static let width = 80
    /// Height of the pictures, pixels.
    public static let height = 60

    /// Relative brightness of each pixel, row by row; the mean is 1.
    private let shading: [Float]

    /// The painter (the shading table is built here).
    public init() {
        var weights: [Float] = []
        weights.reserveCapacity(Self.width * Self.height)
        for row in 0..<Self.height {
            for column in 0..<Self.width {
                // Distance from the centre in units of the half-sizes, the fingertip a slightly tall ellipse.
                let x = (Float(column) + 0.5) / Float(Self.width) * 2 - 1
                let y = ((Float(row) + 0.5) / Float(Self.height) * 2 - 1) * 0.9
                weights.append(max(0.35, 1.3 - 0.7 * (x * x + y * y)))
            }
        }
        let mean = weights.reduce(0, +) / Float(weights.count)
        shading = weights.map { $0 / mean }
    }

    /// The picture of `frame`, stamped with its timestamp in microseconds.
    public func picture(of frame: FrameSample) -> PreviewFrame {
        let means = [Float(frame.red), Float(frame.green), Float(frame.blue)]
        var rgb = [UInt8](repeating: 0, count: shading.count * 3)
        rgb.withUnsafeMutableBufferPointer { bytes in
            for (pixel, weight) in shading.enumerated() {
                for channel in 0..<3 {
                    bytes[pixel * 3 + channel] = UInt8(min(255, (means[channel] * weight).rounded()))
                }
            }
        }
        return PreviewFrame(width: Self.width, height: Self.height, rgb: rgb,
                            timestampMicroseconds: Int64((frame.timestamp * 1e6).rounded()))
    }
}
