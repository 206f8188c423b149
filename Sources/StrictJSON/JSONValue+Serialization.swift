extension JSONValue {
    /// Compact JSON text with object keys sorted by their UTF-8 bytes, so equal values give identical text.
    ///
    /// Numbers are written so they parse back to the identical `Double`: integral values below 2⁵³ in magnitude as
    /// integers (`60`), every other finite value in the standard library's shortest round-trip form (`0.1`,
    /// `1e-05`, `-0.0`). JSON has no NaN or ±∞; they are written as `null`, so callers that need exactness check
    /// finiteness first.
    public func serialized() -> String {
        var output = ""
        write(to: &output)
        return output
    }

    /// Appends the compact, sorted-key text of this value to `output`.
    public func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let value): output += Self.numberText(value)
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, key) in Self.sortedKeys(of: members).enumerated() {
                if index > 0 { output += "," }
                Self.writeString(key, to: &output)
                output += ":"
                members[key]!.write(to: &output)
            }
            output += "}"
        }
    }

    /// The keys of `members` in byte order of their UTF-8 (the order `JSONEncoder`'s `.sortedKeys` uses for ASCII).
    public static func sortedKeys(of members: [String: JSONValue]) -> [String] {
        members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The text of a number that parses back to the identical value (`null` for NaN and ±∞).
    public static func numberText(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 9_007_199_254_740_992, !(value == 0 && value.sign == .minus) {
            return String(Int64(value))
        }
        return value.description
    }

    private static func writeString(_ string: String, to output: inout String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case "\u{00}"..."\u{1F}", "\u{7F}":
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
