extension String {
    /// The string without leading and trailing white space (spaces, tabs, line breaks).
    package func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
