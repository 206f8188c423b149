import PpgCore

/// Paints a preview for a source that has channel means but no pixels (the simulated finger): a lit fingertip
/// filling the lens, brightest at the centre and darker towards the rim, whose mean colour is the frame's channel
/// means (up to clipping at 255). The shading is computed once; a frame costs one integer multiply per byte.
public struct FingertipPicture: Sendable {
    /// Width of the pictures, pixels.
    public static let width = 80
    /// Height of the pictures, pixels.
    public static let height = 60

    /// Relative brightness of each pixel, row by row, × 4096 (fixed point); the mean is 4096.
    private let shading: [UInt32]

    /// The painter (the shading table is built here).
    public init() {
        var weights: [Double] = []
        weights.reserveCapacity(Self.width * Self.height)
        for row in 0..<Self.height {
            for column in 0..<Self.width {
                // Distance from the centre in units of the half-sizes, the fingertip a slightly tall ellipse.
                let x = (Double(column) + 0.5) / Double(Self.width) * 2 - 1
                let y = ((Double(row) + 0.5) / Double(Self.height) * 2 - 1) * 0.9
                weights.append(max(0.35, 1.3 - 0.7 * (x * x + y * y)))
            }
        }
        let mean = weights.reduce(0, +) / Double(weights.count)
        shading = weights.map { UInt32(($0 / mean * 4096).rounded()) }
    }

    /// The picture of `frame`, stamped with its timestamp in microseconds.
    public func picture(of frame: FrameSample) -> PreviewFrame {
        // Channel means in 8.8 fixed point; a byte is (mean × weight) / 2^20, rounded, clipped at 255.
        let red = Self.fixed(frame.red), green = Self.fixed(frame.green), blue = Self.fixed(frame.blue)
        var rgb = [UInt8](repeating: 0, count: shading.count * 3)
        rgb.withUnsafeMutableBufferPointer { bytes in
            shading.withUnsafeBufferPointer { weights in
                for pixel in 0..<weights.count {
                    let weight = weights[pixel]
                    bytes[pixel * 3] = Self.byte(red * weight)
                    bytes[pixel * 3 + 1] = Self.byte(green * weight)
                    bytes[pixel * 3 + 2] = Self.byte(blue * weight)
                }
            }
        }
        return PreviewFrame(width: Self.width, height: Self.height, rgb: rgb,
                            timestampMicroseconds: Int64((frame.timestamp * 1e6).rounded()))
    }

    /// A channel mean (0…255) in 8.8 fixed point.
    private static func fixed(_ mean: Double) -> UInt32 { UInt32((min(max(mean, 0), 255) * 256).rounded()) }

    /// The byte of a product of an 8.8 mean and a ×4096 weight.
    private static func byte(_ product: UInt32) -> UInt8 { UInt8(min(255, (product + (1 << 19)) >> 20)) }
}
