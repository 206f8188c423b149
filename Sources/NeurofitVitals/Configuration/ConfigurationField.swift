import PpgCore
import StrictJSON

/// One JSON key of the configuration, bound to the property it sets: the schema that parsing, type checks and
/// serialisation share, so a key cannot be accepted on input and forgotten on output.
enum ConfigurationField<Root> {
    /// A number (`Double`).
    case number(String, WritableKeyPath<Root, Double>)
    /// A number or `null` (`Double?`).
    case optionalNumber(String, WritableKeyPath<Root, Double?>)
    /// A whole number (`Int`); JSON `8` and `8.0` are both accepted.
    case integer(String, WritableKeyPath<Root, Int>)
    /// `true` or `false`.
    case boolean(String, WritableKeyPath<Root, Bool>)
    /// An array of whole numbers.
    case integerList(String, WritableKeyPath<Root, [Int]>)

    /// The key's camelCase name.
    var name: String {
        switch self {
        case .number(let name, _), .optionalNumber(let name, _), .integer(let name, _), .boolean(let name, _),
             .integerList(let name, _): name
        }
    }

    /// The JSON type a value must have, as the configuration docs name it.
    var typeName: String {
        switch self {
        case .number: "number"
        case .optionalNumber: "number or null"
        case .integer: "integer"
        case .boolean: "boolean"
        case .integerList: "integer array"
        }
    }

    /// Sets the property from `value`, or throws naming `path` when the value has the wrong type.
    func apply(_ value: JSONValue, to root: inout Root, path: String) throws(ConfigurationError) {
        switch self {
        case .number(_, let keyPath):
            guard let number = value.numberValue else { throw Self.typeError(path, "a number", value) }
            root[keyPath: keyPath] = number
        case .optionalNumber(_, let keyPath):
            if case .null = value {
                root[keyPath: keyPath] = nil
            } else {
                guard let number = value.numberValue else { throw Self.typeError(path, "a number or null", value) }
                root[keyPath: keyPath] = number
            }
        case .integer(_, let keyPath):
            guard let integer = value.integerValue else { throw Self.typeError(path, "an integer", value) }
            root[keyPath: keyPath] = integer
        case .boolean(_, let keyPath):
            guard let flag = value.boolValue else { throw Self.typeError(path, "true or false", value) }
            root[keyPath: keyPath] = flag
        case .integerList(_, let keyPath):
            guard let elements = value.arrayValue else { throw Self.typeError(path, "an array of integers", value) }
            var integers: [Int] = []
            for (index, element) in elements.enumerated() {
                guard let integer = element.integerValue else {
                    throw Self.typeError("\(path)[\(index)]", "an integer", element)
                }
                integers.append(integer)
            }
            root[keyPath: keyPath] = integers
        }
    }

    /// The property's value as JSON.
    func value(in root: Root) -> JSONValue {
        switch self {
        case .number(_, let keyPath): .number(root[keyPath: keyPath])
        case .optionalNumber(_, let keyPath): root[keyPath: keyPath].map(JSONValue.number) ?? .null
        case .integer(_, let keyPath): .number(Double(root[keyPath: keyPath]))
        case .boolean(_, let keyPath): .bool(root[keyPath: keyPath])
        case .integerList(_, let keyPath): .array(root[keyPath: keyPath].map { .number(Double($0)) })
        }
    }

    /// `<path> must be <expected> (got <type>)`; a non-integral number is reported with its value.
    static func typeError(_ path: String, _ expected: String, _ value: JSONValue) -> ConfigurationError {
        let got = if case .number(let number) = value { JSONValue.numberText(number) } else { value.typeDescription }
        return ConfigurationError(detail: "\(path) must be \(expected) (got \(got))")
    }
}

extension ConfigurationField {
    /// Applies every member of `object` to `root`, rejecting keys `fields` does not list. Members are visited in
    /// sorted key order so the first error reported does not depend on hashing.
    static func apply(_ object: [String: JSONValue], fields: [ConfigurationField], to root: inout Root,
                      pathPrefix: String) throws(ConfigurationError) {
        for key in JSONValue.sortedKeys(of: object) {
            guard let field = fields.first(where: { $0.name == key }) else {
                throw ConfigurationError(detail: "unknown key \(pathPrefix)\(key)")
            }
            try field.apply(object[key]!, to: &root, path: pathPrefix + key)
        }
    }

    /// Every field of `root` as JSON object members.
    static func members(of root: Root, fields: [ConfigurationField]) -> [String: JSONValue] {
        var members: [String: JSONValue] = [:]
        for field in fields { members[field.name] = field.value(in: root) }
        return members
    }
}
