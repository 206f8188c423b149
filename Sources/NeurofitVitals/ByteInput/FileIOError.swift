import Glibc

/// A failed system call on a file, with the path and the `errno` it reported.
public struct FileIOError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was attempted: `open`, `read`, `write`, `stat`.
    public let operation: String
    /// The file's path (or a description such as `<memory>`).
    public let path: String
    /// The `errno` value.
    public let code: Int32

    /// Creates an error from an operation, a path and an `errno` value.
    public init(operation: String, path: String, code: Int32) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    /// `"cannot <operation> <path>: <strerror>"`.
    public var description: String {
        "cannot \(operation) \(path): \(String(cString: strerror(code)))"
    }
}
