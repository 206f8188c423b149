import FoundationEssentials
import Glibc

/// Small file helpers for the CLI.
enum FileIO {
    /// The whole file as UTF-8 text ("-" reads standard input).
    static func readText(_ path: String) throws(UsageError) -> String {
        do {
            if path == "-" {
                var text = ""
                while let line = readLine(strippingNewline: false) { text += line }
                return text
            }
            return String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        } catch {
            throw UsageError("cannot read \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Writes `text` to a new file with the given permissions; refuses to replace an existing file.
    static func createFile(_ path: String, contents text: String, mode: mode_t) throws(UsageError) {
        try write(text, to: path, flags: O_EXCL, mode: mode)
    }

    /// Writes `text` to standard output when `path` is "-", else to the file at `path` (replaced if it exists).
    static func writeOutput(_ path: String, contents text: String) throws(UsageError) {
        guard path == "-" else { return try replaceFile(path, contents: text) }
        print(text, terminator: "")
        fflush(nil)
    }

    /// The extension of `path` ("svg" for "a/b.svg"), lowercased; "" when it has none.
    static func fileExtension(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    /// Writes `text` to `path`, replacing the file if it exists.
    static func replaceFile(_ path: String, contents text: String) throws(UsageError) {
        try write(text, to: path, flags: O_TRUNC, mode: 0o644)
    }

    /// Opens `path` for writing with `O_CREAT` and `flags` (a new file gets `mode`) and writes `text` whole.
    private static func write(_ text: String, to path: String, flags: Int32, mode: mode_t) throws(UsageError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | flags, mode)
        guard descriptor >= 0 else {
            throw UsageError("cannot create \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let written = text.withCString { Glibc.write(descriptor, $0, strlen($0)) }
        guard written == text.utf8.count else {
            throw UsageError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }
}
