@testable import PpgCore
@testable import NeurofitVitals
@testable import StrictJSON

/// The strict JSON parser on raw bytes (invalid UTF-8 included): what it accepts serializes to text that parses back
/// to an equal value and serializes to the same text again (the property every event, result and recording line
/// relies on). A literal too large for a `Double` parses as ±∞ by design (the configuration then names the key that
/// must be finite); JSON cannot write ±∞, so such a value round-trips with `null` in its place.
enum JSONRoundTripFuzz {
    static func run(_ bytes: [UInt8]) {
        let parsed: JSONValue
        do {
            parsed = try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) in try JSONValue(parsing: buffer) }
        } catch {
            if error.offset < 0 || error.offset > bytes.count { violated("error offset \(error.offset) outside the input") }
            return
        }
        JSONChecks.expectRoundTrip(parsed.replacingNonFiniteNumbers())
        let text = parsed.serialized()
        guard (try? JSONValue(parsing: text)) == parsed.replacingNonFiniteNumbers() else {
            violated("a value with ±∞ does not serialize with null in its place: \(text.prefix(200))")
        }
    }
}

extension JSONValue {
    /// The value with every non-finite number replaced by `null` (what `serialized()` writes for them).
    func replacingNonFiniteNumbers() -> JSONValue {
        switch self {
        case .number(let value) where !value.isFinite: .null
        case .array(let elements): .array(elements.map { $0.replacingNonFiniteNumbers() })
        case .object(let members): .object(members.mapValues { $0.replacingNonFiniteNumbers() })
        default: self
        }
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
