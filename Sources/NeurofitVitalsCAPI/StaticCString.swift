/// A NUL-terminated copy of a Swift string that lives for the whole process: for `const char *` returns that the
/// header documents as static.
struct StaticCString: @unchecked Sendable {
    /// The C string; never freed.
    let pointer: UnsafePointer<CChar>

    init(_ text: String) {
        let bytes = Array(text.utf8CString)
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
        buffer.initialize(from: bytes, count: bytes.count)
        pointer = UnsafePointer(buffer)
    }
}
