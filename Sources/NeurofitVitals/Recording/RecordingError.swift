/// A recording that cannot be written: reported to the caller as a value, never a crash, never an interruption
/// of the session.
public enum RecordingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A system call failed (disk full, I/O error, permission).
    case io(FileIOError)
    /// The file was deleted while the recording was being written.
    case fileRemoved(String)
    /// A record held NaN or ±∞, which the format cannot represent exactly; the record was not written.
    case nonFiniteValue(String)
    /// The writer was already closed.
    case closed

    /// One English sentence for logs.
    public var description: String {
        switch self {
        case .io(let error): "recording failed: \(error)"
        case .fileRemoved(let path): "recording failed: \(path) was deleted while being written"
        case .nonFiniteValue(let type): "recording skipped a \(type) line holding NaN or infinity"
        case .closed: "recording is closed"
        }
    }
}
