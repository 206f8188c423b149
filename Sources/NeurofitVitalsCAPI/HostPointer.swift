/// A host's `user_data` pointer carried into a callback closure. The library never dereferences it.
struct HostPointer: @unchecked Sendable {
    let raw: UnsafeMutableRawPointer?
}
