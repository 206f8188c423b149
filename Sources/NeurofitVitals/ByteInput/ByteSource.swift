import Glibc

/// Where a reader gets its bytes from: a file or memory.
public protocol ByteSource {
    /// Fills the start of `buffer` and returns how many bytes were read; 0 at the end of the data.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(FileIOError) -> Int
}

/// Bytes held in memory (tests, or data a host already has).
public struct MemoryByteSource: ByteSource {
    private let bytes: [UInt8]
    private var position = 0

    /// A source that yields `bytes`.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Copies the next bytes into `buffer`.
    public mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(FileIOError) -> Int {
        let count = min(buffer.count, bytes.count - position)
        bytes.withUnsafeBytes { source in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[position..<position + count]))
        }
        position += count
        return count
    }
}

/// A file opened read-only; closed when the last reference goes away.
public final class FileByteSource: ByteSource {
    private let descriptor: Int32
    private let path: String

    /// Opens `path` for reading.
    public init(path: String) throws(FileIOError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileIOError(operation: "open", path: path, code: errno) }
        self.descriptor = descriptor
        self.path = path
    }

    /// Opens `path` for reading, as `init(path:)` does, a failure thrown as the caller's own error (`wrap` of it).
    static func opening<Failure: Error>(_ path: String,
                                        wrap: (FileIOError) -> Failure) throws(Failure) -> FileByteSource {
        do {
            return try FileByteSource(path: path)
        } catch {
            throw wrap(error)
        }
    }

    deinit {
        close(descriptor)
    }

    /// Reads the next bytes, retrying on `EINTR`.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(FileIOError) -> Int {
        while true {
            let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { throw FileIOError(operation: "read", path: path, code: errno) }
        }
    }
}
