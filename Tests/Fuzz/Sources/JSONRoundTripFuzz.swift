@testable import NeurofitVitals

/// The strict JSON parser on raw bytes (invalid UTF-8 included): what it accepts serializes to text that parses back
/// to an equal value and serializes to the same text again (the property every event, result and recording line
/// relies on).
enum JSONRoundTripFuzz {
    static func run(_ bytes: [UInt8]) {
        let parsed: JSONValue
        do {
            parsed = try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) in try JSONParser.parse(buffer) }
        } catch {
            if error.offset < 0 || error.offset > bytes.count { violated("error offset \(error.offset) outside the input") }
            return
        }
        JSONChecks.expectRoundTrip(parsed)
    }
}

/// Checks shared by the JSON targets.
enum JSONChecks {
    /// `value` serializes to strict JSON text that parses back to `value` and serializes identically.
    static func expectRoundTrip(_ value: JSONValue) {
        let text = value.serialized()
        expectStrictText(text)
        let again: JSONValue
        do {
            again = try JSONValue(parsing: text)
        } catch {
            violated("serialized JSON does not parse (\(error)): \(text.prefix(200))")
        }
        guard again == value else { violated("JSON does not round-trip: \(text.prefix(200))") }
        guard again.serialized() == text else { violated("JSON text is not stable: \(text.prefix(200))") }
    }

    /// The text holds no raw control character (RFC 8259 forbids them in strings; the serializer puts none
    /// elsewhere) and no DEL.
    static func expectStrictText(_ text: String) {
        if let bad = text.utf8.first(where: { $0 < 0x20 || $0 == 0x7F }) {
            violated("serialized JSON holds the raw byte \(bad)")
        }
    }
}
