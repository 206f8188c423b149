/// Why a YUV4MPEG2 stream cannot be read.
public enum Y4MError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Opening or reading the file failed.
    case io(FileIOError)
    /// The stream does not start with `YUV4MPEG2`.
    case notY4M
    /// The stream header is malformed (the detail names the parameter).
    case badHeader(String)
    /// The `C` parameter names a colour space this reader does not handle (high bit depth, 4:1:1, alpha …).
    case unsupportedColourSpace(String)
    /// The header of frame `frame` (0-based) is not a `FRAME` line.
    case badFrameHeader(frame: Int)
    /// The stream ended inside frame `frame` (0-based): `bytes` of its `expected` bytes were present.
    case truncatedFrame(frame: Int, bytes: Int, expected: Int)

    /// One English sentence naming the problem.
    public var description: String {
        switch self {
        case .io(let error): "\(error)"
        case .notY4M: "not a YUV4MPEG2 stream: it does not start with 'YUV4MPEG2 '"
        case .badHeader(let detail): "bad YUV4MPEG2 header: \(Self.printable(detail))"
        case .unsupportedColourSpace(let name):
            "unsupported YUV4MPEG2 colour space C\(Self.printable(name)) (supported: 420jpeg, 420paldv, 420mpeg2, "
                + "420, 422, 444, mono)"
        case .badFrameHeader(let frame): "bad YUV4MPEG2 frame header at frame \(frame): expected 'FRAME'"
        case .truncatedFrame(let frame, let bytes, let expected):
            "truncated YUV4MPEG2 stream: frame \(frame) has \(bytes) of its \(expected) bytes"
        }
    }

    /// Text from the file made safe for a message: control characters (NUL, CR, …) as `\xNN`, at most 80
    /// characters.
    static func printable(_ text: String) -> String {
        let shown = text.unicodeScalars.prefix(80).map { scalar -> String in
            scalar.value < 0x20 || scalar.value == 0x7F
                ? "\\x" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 2) : String(scalar)
        }.joined()
        return text.unicodeScalars.count > 80 ? shown + "…" : shown
    }
}

