/// A strict RFC 8259 parser producing a `JSONValue`: one value, optionally surrounded by whitespace; no comments,
/// no trailing commas, no duplicate keys, strings must be valid UTF-8. Numbers are read with correct rounding, so a
/// number written with `JSONValue.serialized()` parses back to the identical `Double`. Nesting is limited to
/// `maximumDepth` levels so hostile input cannot exhaust the stack.
struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    static let maximumDepth = 64

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var depth = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Parses a whole text as one JSON value.
    static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        let utf8 = Array(text.utf8)
        // The typed error travels out of the closure in a Result: Swift 6.0's withUnsafeBufferPointer rethrows
        // `any Error`, which a typed-throws function could not rethrow.
        let outcome = utf8.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONParseError) -> JSONValue in try parse(buffer) }
        }
        return try outcome.get()
    }

    /// Parses the bytes as one JSON value.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.position == bytes.count else { throw parser.error("unexpected text after the value") }
        return value
    }

    // MARK: Values

    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard let byte = peek() else { throw error("unexpected end of text") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character")
        }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        position += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let keyOffset = position
            let key = try parseString()
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            skipWhitespace()
            let value = try parseValue()
            guard members.updateValue(value, forKey: key) == nil else {
                throw JSONParseError(reason: "duplicate key \"\(key)\"", offset: keyOffset)
            }
            skipWhitespace()
            if try endOfContainer(closing: UInt8(ascii: "}")) { return .object(members) }
        }
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            if try endOfContainer(closing: UInt8(ascii: "]")) { return .array(elements) }
        }
    }

    private mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
    }

    /// Consumes `,` (returns false: another element follows) or the closing bracket (returns true).
    private mutating func endOfContainer(closing: UInt8) throws(JSONParseError) -> Bool {
        switch peek() {
        case UInt8(ascii: ","):
            position += 1
            return false
        case closing:
            position += 1
            depth -= 1
            return true
        case nil:
            throw error("unexpected end of text")
        default:
            throw error("expected ',' or '\(Character(Unicode.Scalar(closing)))'")
        }
    }

    // MARK: Strings

    private mutating func parseString() throws(JSONParseError) -> String {
        let start = position
        position += 1
        var utf8: [UInt8] = []
        while true {
            guard let byte = peek() else { throw JSONParseError(reason: "unterminated string", offset: start) }
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let string = String(validating: utf8, as: UTF8.self) else {
                    throw JSONParseError(reason: "string is not valid UTF-8", offset: start)
                }
                return string
            case UInt8(ascii: "\\"):
                try parseEscape(into: &utf8)
            case 0..<0x20:
                position -= 1
                throw error("control character in string")
            default:
                utf8.append(byte)
            }
        }
    }

    private mutating func parseEscape(into utf8: inout [UInt8]) throws(JSONParseError) {
        guard let byte = peek() else { throw error("unexpected end of text") }
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"): utf8.append(contentsOf: String(Character(try parseUnicodeEscape())).utf8)
        default:
            position -= 1
            throw error("invalid escape")
        }
    }

    /// Reads the hex digits after `\u` (and a following low surrogate when the first is a high surrogate).
    private mutating func parseUnicodeEscape() throws(JSONParseError) -> Unicode.Scalar {
        let start = position - 2
        let first = try parseHexQuad()
        var value = first
        if (0xD800..<0xDC00).contains(first) {
            guard peek() == UInt8(ascii: "\\") else { throw JSONParseError(reason: "lone surrogate", offset: start) }
            position += 1
            guard peek() == UInt8(ascii: "u") else { throw JSONParseError(reason: "lone surrogate", offset: start) }
            position += 1
            let second = try parseHexQuad()
            guard (0xDC00..<0xE000).contains(second) else {
                throw JSONParseError(reason: "lone surrogate", offset: start)
            }
            value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(value) else { throw JSONParseError(reason: "lone surrogate", offset: start) }
        return scalar
    }

    private mutating func parseHexQuad() throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek(), let digit = hexDigitValue(byte) else { throw error("invalid \\u escape") }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private func hexDigitValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    // MARK: Numbers

    /// Checks the JSON number grammar (`-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`), then converts the
    /// text with the standard library's correctly rounded conversion.
    private mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = position
        if peek() == UInt8(ascii: "-") { position += 1 }
        if peek() == UInt8(ascii: "0") {
            position += 1
        } else {
            try expectDigits()
        }
        if peek() == UInt8(ascii: ".") {
            position += 1
            try expectDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            position += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
            try expectDigits()
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let value = Double(text) else { throw JSONParseError(reason: "invalid number", offset: start) }
        return value
    }

    private mutating func expectDigits() throws(JSONParseError) {
        let start = position
        while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { position += 1 }
        guard position > start else { throw error("expected a digit") }
    }

    // MARK: Helpers

    private func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private mutating func skipWhitespace() {
        while let byte = peek(),
              byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
              || byte == UInt8(ascii: "\t") {
            position += 1
        }
    }

    private mutating func expect(_ byte: UInt8) throws(JSONParseError) {
        guard peek() == byte else { throw error("expected '\(Character(Unicode.Scalar(byte)))'") }
        position += 1
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let start = position
        for expected in UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount) {
            guard peek() == expected else { throw JSONParseError(reason: "invalid literal", offset: start) }
            position += 1
        }
    }

    private func error(_ reason: String) -> JSONParseError {
        JSONParseError(reason: reason, offset: position)
    }
}

extension JSONValue {
    /// Parses a JSON text (strict RFC 8259; see `JSONParser`).
    public init(parsing text: String) throws(JSONParseError) {
        self = try JSONParser.parse(text)
    }

    /// Parses UTF-8 JSON bytes (strict RFC 8259; see `JSONParser`).
    public init(parsing bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) {
        self = try JSONParser.parse(bytes)
    }
}
