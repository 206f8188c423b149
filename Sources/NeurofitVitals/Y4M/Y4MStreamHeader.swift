/// The parameters of a YUV4MPEG2 stream header (`YUV4MPEG2 W640 H480 F30:1 Ip A1:1 C420jpeg`). Interlacing (`I`),
/// aspect ratio (`A`), comments (`X`) and unknown parameters are accepted and ignored.
public struct Y4MStreamHeader: Sendable, Equatable {
    /// Frame width in pixels (`W`).
    public var width: Int
    /// Frame height in pixels (`H`).
    public var height: Int
    /// Frames per second as a ratio (`F<numerator>:<denominator>`).
    public var frameRateNumerator: Int
    /// The frame rate's denominator.
    public var frameRateDenominator: Int
    /// The colour space (`C`; `420jpeg` when absent).
    public var colourSpace: Y4MColourSpace

    /// The layout of one frame's planes as the reducer reads them (tightly packed, `stride == width`).
    public var layout: FrameLayout {
        FrameLayout(format: colourSpace.pixelFormat, width: width, height: height)
    }

    /// Seconds from the first frame to frame `index`: `index × denominator / numerator`.
    public func timestamp(ofFrame index: Int) -> Double {
        Double(index) * Double(frameRateDenominator) / Double(frameRateNumerator)
    }

    /// Parses the header line (without its newline).
    init(line: [UInt8]) throws(Y4MError) {
        let text = String(decoding: line, as: UTF8.self)
        let tokens = text.split(separator: " ", omittingEmptySubsequences: true)
        guard tokens.first == "YUV4MPEG2" else { throw .notY4M }
        var width: Int?, height: Int?, rate: (Int, Int)?
        var colourSpace = Y4MColourSpace.c420jpeg
        for token in tokens.dropFirst() {
            let value = token.dropFirst()
            switch token.first {
            case "W": width = try Self.dimension(value, name: "width W")
            case "H": height = try Self.dimension(value, name: "height H")
            case "F": rate = try Self.ratio(value)
            case "C":
                guard let space = Y4MColourSpace(rawValue: String(value)) else {
                    throw .unsupportedColourSpace(String(value))
                }
                colourSpace = space
            default: continue
            }
        }
        guard let width else { throw .badHeader("missing width W") }
        guard let height else { throw .badHeader("missing height H") }
        guard let rate else { throw .badHeader("missing frame rate F (replay needs frame times)") }
        self.width = width
        self.height = height
        (frameRateNumerator, frameRateDenominator) = rate
        self.colourSpace = colourSpace
    }

    private static func dimension(_ text: Substring, name: String) throws(Y4MError) -> Int {
        guard let value = Int(text), (1...FrameLayout.maximumDimension).contains(value) else {
            throw .badHeader("\(name) '\(text)' is not in 1...\(FrameLayout.maximumDimension)")
        }
        return value
    }

    private static func ratio(_ text: Substring) throws(Y4MError) -> (Int, Int) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let numerator = Int32(parts[0]), let denominator = Int32(parts[1]),
              numerator > 0, denominator > 0 else {
            throw .badHeader("frame rate F'\(text)' is not <numerator>:<denominator> with both > 0")
        }
        return (Int(numerator), Int(denominator))
    }
}
