import FoundationEssentials

/// Turns values into the JSON text the library hands out: sorted keys (byte-stable across runs, SPEC §3),
/// ISO 8601 dates, no escaped slashes.
public enum JSONText {
    /// Encodes `value` as compact JSON with sorted keys. Throws `internalError` when a number is not finite.
    public static func encode<T: Encodable>(_ value: T) throws(VitalsError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            throw VitalsError.internalError("A value could not be encoded as JSON: \(error)")
        }
    }
}
