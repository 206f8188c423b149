import Glibc

/// Where a `RecordingWriter` puts its bytes. The file implementation is `FileRecordingOutput`; tests substitute
/// failing outputs.
public protocol RecordingOutput: AnyObject {
    /// Writes all of `bytes`, or throws the first failure (some bytes may have been written before it).
    func write(_ bytes: UnsafeRawBufferPointer) throws(RecordingError)
    /// Throws when the output can no longer be read back (the file was deleted).
    func checkStillPresent() throws(RecordingError)
    /// Releases the output; further writes fail.
    func close()
    /// Puts what was written in its place, replacing whatever was there (once; the writer calls it at the first
    /// frame, or at close). Until then an existing file at the destination is untouched.
    func commit() throws(RecordingError)
    /// Removes what was written when it was never committed (a header that could not be written).
    func discard()
}

extension RecordingOutput {
    /// Outputs without a separate destination commit nothing.
    public func commit() throws(RecordingError) {}
    /// Outputs without a separate destination discard nothing.
    public func discard() {}
}

/// A recording file. It is written under a temporary name beside `path` (`.NAME.partial-` and a random suffix) and renamed to `path`
/// on `commit`, so an existing file at `path` is never truncated: it is replaced only once the reading has begun.
public final class FileRecordingOutput: RecordingOutput {
    private var descriptor: Int32
    /// The file's path.
    public let path: String
    /// The temporary name, until `commit` or `discard`.
    private var temporaryPath: String?

    /// Creates the temporary file beside `path`, mode 0644 (less the umask).
    /// - Throws: `io` when it cannot be created, or when `path` exists and is not a regular file (a FIFO would
    ///   block, a device or directory cannot hold a recording).
    public init(path: String) throws(RecordingError) {
        if let existing = FileIdentity(path: path), !existing.isRegular {
            throw .io(FileIOError(operation: "create", path: path, code: EINVAL))
        }
        let (descriptor, temporaryPath) = try Self.createTemporary(beside: path)
        self.descriptor = descriptor
        self.path = path
        self.temporaryPath = temporaryPath
    }

    /// Creates a new file `.NAME.partial-XXXXXXXX` in the directory of `path` (`O_EXCL`, so never an existing one;
    /// mode 0644 less the process's umask, as `open` applies it) and returns its descriptor and path.
    private static func createTemporary(beside path: String) throws(RecordingError) -> (Int32, String) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var lastError: Int32 = EEXIST
        for _ in 0..<16 {
            let suffix = String(UInt32.random(in: 0...UInt32.max), radix: 16)
            let candidate = "\(directory).\(name).partial-\(suffix)"
            let descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if descriptor >= 0 { return (descriptor, candidate) }
            lastError = errno
            if lastError != EEXIST { break }
        }
        throw .io(FileIOError(operation: "create", path: path, code: lastError))
    }

    /// Renames the temporary file to `path` (once).
    public func commit() throws(RecordingError) {
        guard let temporaryPath else { return }
        guard rename(temporaryPath, path) == 0 else {
            throw .io(FileIOError(operation: "rename", path: path, code: errno))
        }
        self.temporaryPath = nil
    }

    /// Removes the temporary file unless it was committed.
    public func discard() {
        close()
        if let temporaryPath { unlink(temporaryPath) }
        temporaryPath = nil
    }

    deinit {
        close()
    }

    /// Writes all bytes, retrying after `EINTR` and short writes.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(RecordingError) {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw .io(FileIOError(operation: "write", path: path, code: errno))
            }
            offset += written
        }
    }

    /// Throws `.fileRemoved` when the file has no name left (deleted while open): its data would be lost.
    public func checkStillPresent() throws(RecordingError) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .io(FileIOError(operation: "stat", path: path, code: errno))
        }
        if status.st_nlink == 0 { throw .fileRemoved(path) }
    }

    /// Closes the file descriptor (once).
    public func close() {
        if descriptor >= 0 { _ = Glibc.close(descriptor) }
        descriptor = -1
    }
}
