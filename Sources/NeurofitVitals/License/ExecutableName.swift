import Glibc

/// The running program's file name, the application id of hosts that pass none.
enum ExecutableName {
    /// The last path component of `/proc/self/exe` (or of `argv[0]` when /proc is unavailable).
    static let current: String = {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let path = length > 0
            ? String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            : CommandLine.arguments.first ?? ""
        return path.split(separator: "/").last.map(String.init) ?? "unknown"
    }()
}
