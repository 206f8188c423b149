import PpgCore
import StrictJSON

/// What a license key grants (docs/license-keys.md). Encoded as a JSON object inside the key.
public struct LicensePayload: Sendable, Equatable {
    /// Who the key was issued to.
    public var licensee: String
    /// Application ids the key covers.
    public var apps: [String]
    /// Feature names the key enables (informational in 1.0.0).
    public var features: [String]
    /// Last build date (YYYY-MM-DD) this key may activate: builds dated later are refused.
    public var updatesUntil: String
    /// The distribution the key is for.
    public var type: LicenseType

    /// Creates a payload.
    public init(licensee: String, apps: [String], features: [String], updatesUntil: String, type: LicenseType) {
        self.licensee = licensee
        self.apps = apps
        self.features = features
        self.updatesUntil = updatesUntil
        self.type = type
    }

    /// Reads a payload from parsed JSON, checking the fields in the order above (unknown fields are ignored).
    /// - Throws: `licenseInvalid` naming the first field that is missing or of the wrong type.
    public init(json: JSONValue) throws(VitalsError) {
        guard let members = json.objectValue else {
            throw .licenseInvalid(.malformed, "the payload is not a JSON object")
        }
        func field<Value>(_ name: String, _ read: (JSONValue) -> Value?) throws(VitalsError) -> Value {
            guard let value = members[name] else {
                throw .licenseInvalid(.malformed, "payload field '\(name)' is missing")
            }
            guard let typed = read(value) else {
                let expected = Self.fieldTypes[name] ?? "of another type"
                throw .licenseInvalid(.malformed, "payload field '\(name)' must be \(expected)")
            }
            return typed
        }
        let strings: (JSONValue) -> [String]? = { value in
            value.arrayValue.flatMap { items in
                let texts = items.compactMap(\.stringValue)
                return texts.count == items.count ? texts : nil
            }
        }
        licensee = try field("licensee") { $0.stringValue }
        apps = try field("apps", strings)
        features = try field("features", strings)
        updatesUntil = try field("updatesUntil") { $0.stringValue }
        type = try field("type") { $0.stringValue.flatMap(LicenseType.init(rawValue:)) }
    }

    /// The expected JSON type of each field, for messages that name the field.
    static let fieldTypes = [
        "licensee": "a string", "apps": "an array of strings", "features": "an array of strings",
        "updatesUntil": "a YYYY-MM-DD string", "type": "\"binary\" or \"source\"",
    ]

    /// Checks what the JSON types cannot: non-empty names and a real calendar date.
    /// - Returns: the name of the failed check, or nil.
    package func problem() -> String? {
        if licensee.isEmpty { return "payload field 'licensee' is empty" }
        if apps.isEmpty || apps.contains(where: \.isEmpty) { return "payload field 'apps' must list at least one app id" }
        if !CalendarDate.isValid(updatesUntil) {
            return "payload field 'updatesUntil' must be a YYYY-MM-DD date, not '\(updatesUntil.prefix(32))'"
        }
        return nil
    }
}

/// The distribution a license key is for.
public enum LicenseType: String, Sendable, CaseIterable {
    /// The prebuilt library.
    case binary
    /// The source distribution.
    case source
}
