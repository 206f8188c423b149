/// A recording that cannot be read back.
public enum RecordingReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Opening or reading the file failed.
    case io(FileIOError)
    /// The file is empty or its first line is not a recording header.
    case missingHeader(String)
    /// The header's major version is not one this library reads.
    case unsupportedVersion(String)
    /// A line (1-based number) is not a valid record.
    case corruptLine(number: Int, reason: String)

    /// One English sentence naming the problem (and the line).
    public var description: String {
        switch self {
        case .io(let error): "\(error)"
        case .missingHeader(let reason): "not a recording: \(reason)"
        case .unsupportedVersion(let version):
            "unsupported recording version \(version) (this library reads \(RecordingHeader.majorVersion).x)"
        case .corruptLine(let number, let reason): "corrupt recording line \(number): \(reason)"
        }
    }
}
