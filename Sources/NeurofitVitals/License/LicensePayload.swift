/// What a license key grants (SPEC §9, docs/license-keys.md). Encoded as a JSON object inside the key.
public struct LicensePayload: Sendable, Equatable, Codable {
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

    /// The expected JSON type of each field, for messages that name the field.
    static let fieldTypes = [
        "licensee": "a string", "apps": "an array of strings", "features": "an array of strings",
        "updatesUntil": "a YYYY-MM-DD string", "type": "\"binary\" or \"source\"",
    ]

    /// Checks what the JSON types cannot: non-empty names and a real calendar date.
    /// - Returns: the name of the failed check, or nil.
    func problem() -> String? {
        if licensee.isEmpty { return "payload field 'licensee' is empty" }
        if apps.isEmpty || apps.contains(where: \.isEmpty) { return "payload field 'apps' must list at least one app id" }
        if !CalendarDate.isValid(updatesUntil) {
            return "payload field 'updatesUntil' must be a YYYY-MM-DD date, not '\(updatesUntil.prefix(32))'"
        }
        return nil
    }
}

/// The distribution a license key is for.
public enum LicenseType: String, Sendable, Codable, CaseIterable {
    /// The prebuilt library.
    case binary
    /// The source distribution.
    case source
}
