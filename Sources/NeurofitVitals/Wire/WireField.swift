import StrictJSON

/// One key of a JSON object on the wire (an event, the result, an error): its name, JSON type, whether it is always
/// present, and what it means. `WireContract` lists them; the generated bindings and docs follow the list.
public struct WireField: Sendable, Equatable {
    /// The JSON types a key can have. `enumeration` and `object` name an entry of `WireContract`'s enums or objects.
    public enum Kind: Sendable, Equatable {
        /// A JSON string.
        case string
        /// A JSON number.
        case number
        /// A JSON number that is always whole.
        case integer
        /// `true` or `false`.
        case boolean
        /// An array of strings.
        case strings
        /// A string (or, for an integer enumeration, a number) among the values of the named enumeration.
        case enumeration(String)
        /// A JSON object described by the named object of the contract.
        case object(String)
        /// A JSON object whose keys are open (snake_case diagnostics).
        case openObject

        /// The JSON type's name (`string`, `number`, `integer`, `boolean`, `array`, `object`).
        var typeName: String {
            switch self {
            case .string: "string"
            case .number: "number"
            case .integer: "integer"
            case .boolean: "boolean"
            case .strings: "array"
            case .enumeration: "enum"
            case .object, .openObject: "object"
            }
        }
    }

    /// The key.
    public let name: String
    /// Its JSON type.
    public let kind: Kind
    /// True when every object of its kind has the key.
    public let required: Bool
    /// The unit of a number (`bpm`, `ms`, `s`, …), if it has one.
    public let unit: String?
    /// One line on what it means and when it is absent.
    public let summary: String
    /// The number a key that is always sent holds when its figure is unknown (-1 in a cancel context); bindings
    /// offer it as absent.
    public private(set) var unknownValue: Double?

    /// A key that is always present.
    public static func required(_ name: String, _ kind: Kind, unit: String? = nil, _ summary: String) -> WireField {
        WireField(name: name, kind: kind, required: true, unit: unit, summary: summary)
    }

    /// A key that may be absent.
    public static func optional(_ name: String, _ kind: Kind, unit: String? = nil, _ summary: String) -> WireField {
        WireField(name: name, kind: kind, required: false, unit: unit, summary: summary)
    }

    /// This field with `value` standing for an unknown figure.
    public func unknown(_ value: Double) -> WireField {
        var field = self
        field.unknownValue = value
        return field
    }

    /// The field as a JSON Schema-like object: `name`, `type`, `required`, `summary`, and `enum`/`object`/`unit`/
    /// `unknown` when they apply.
    public var jsonValue: JSONValue {
        var members: [String: JSONValue] = [
            "name": .string(name), "type": .string(kind.typeName), "required": .bool(required),
            "summary": .string(summary),
        ]
        switch kind {
        case .enumeration(let name): members["enum"] = .string(name)
        case .object(let name): members["object"] = .string(name)
        case .strings: members["items"] = .string("string")
        default: break
        }
        if let unit { members["unit"] = .string(unit) }
        if let unknownValue { members["unknown"] = .number(unknownValue) }
        return .object(members)
    }
}
