import Glibc

/// A file as the system knows it (device and inode, symbolic links followed), and whether it is a regular file:
/// what lets a session refuse to record over the file it replays, and refuse a FIFO or a device as an input, whose
/// reads could block forever or never end.
public struct FileIdentity: Equatable, Sendable {
    /// The device holding the file.
    public let device: UInt64
    /// The file's inode on that device.
    public let inode: UInt64
    /// Whether it is a regular file (not a FIFO, socket, device or directory).
    public let isRegular: Bool

    /// The identity of the file at `path`, nil when it does not exist (or cannot be looked at).
    public init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        isRegular = (status.st_mode & S_IFMT) == S_IFREG
    }

    /// Refuses an input at `path` that exists but is not a regular file.
    /// - Throws: `invalidArgument` naming the path.
    public static func requireRegularInput(_ path: String) throws(VitalsError) {
        if let identity = FileIdentity(path: path), !identity.isRegular {
            throw .invalidArgument("'\(path)' is not a regular file (a FIFO, device or directory cannot be replayed)")
        }
    }
}
