/// A JSON document as a value tree: what configuration text and recording lines parse into before their keys and
/// types are checked, and what they are built from before they are written.
///
/// Objects are unordered (duplicate keys are rejected by the parser); `serialized()` writes their keys sorted, so
/// the same value always gives the same text.
public enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number. JSON text cannot hold NaN or ±∞ (a literal too large for a `Double` parses as ±∞).
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])

    /// The JSON type's name, for messages ("null", "a boolean", "a number", "a string", "an array", "an object").
    public var typeDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// An integer as a JSON number (written without a fraction).
    public static func int(_ value: Int) -> JSONValue { .number(Double(value)) }

    /// An array of strings.
    public static func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }

    /// The number, when this is one.
    public var numberValue: Double? {
        if case .number(let value) = self { value } else { nil }
    }

    /// The number as an `Int`, when this is a number with an exact integer value.
    public var integerValue: Int? {
        if case .number(let value) = self { Int(exactly: value) } else { nil }
    }

    /// The boolean, when this is one.
    public var boolValue: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    /// The string, when this is one.
    public var stringValue: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// The members, when this is an object.
    public var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { members } else { nil }
    }

    /// The elements, when this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { elements } else { nil }
    }
}
