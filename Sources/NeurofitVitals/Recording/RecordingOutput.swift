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
}

/// A recording file opened for writing (created or truncated).
public final class FileRecordingOutput: RecordingOutput {
    private var descriptor: Int32
    /// The file's path.
    public let path: String

    /// Creates (or truncates) the file at `path`, mode 0644.
    public init(path: String) throws(RecordingError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .io(FileIOError(operation: "create", path: path, code: errno))
        }
        self.descriptor = descriptor
        self.path = path
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
