/// Why a text is not one JSON value, with the byte offset where parsing stopped.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong ("expected ':'", "unterminated string", …).
    public let reason: String
    /// Zero-based byte offset into the text where the problem was found.
    public let offset: Int

    /// Creates an error for `reason` at byte `offset`.
    public init(reason: String, offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    /// `"<reason> at byte <offset>"`.
    public var description: String { "\(reason) at byte \(offset)" }
}
