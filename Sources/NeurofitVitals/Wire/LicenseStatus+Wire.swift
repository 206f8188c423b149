import StrictJSON

// The JSON forms of the license: its state in this process, a key's payload and an inspection report.

extension LicenseStatus {
    /// The status as `nfv_license_status` hands it out (absent fields left out).
    public var jsonValue: JSONValue {
        var members: [String: JSONValue] = ["activated": .bool(activated), "warnings": .strings(warnings)]
        if let licensee { members["licensee"] = .string(licensee) }
        if let apps { members["apps"] = .strings(apps) }
        if let features { members["features"] = .strings(features) }
        if let updatesUntil { members["updatesUntil"] = .string(updatesUntil) }
        if let type { members["type"] = .string(type.rawValue) }
        if let appId { members["appId"] = .string(appId) }
        return .object(members)
    }
}

extension LicenseInspection {
    /// The report as `nfv license inspect --json` prints it (absent fields left out).
    public var jsonValue: JSONValue {
        var members: [String: JSONValue] = [
            "signatureVerified": .bool(signatureVerified), "activates": .bool(activates),
            "warnings": .strings(warnings),
        ]
        if let payload { members["payload"] = payload.jsonValue }
        if let problem { members["problem"] = .string(problem) }
        return .object(members)
    }
}

extension LicensePayload {
    /// The payload as the JSON object a key carries.
    public var jsonValue: JSONValue {
        .object(["licensee": .string(licensee), "apps": .strings(apps), "features": .strings(features),
                 "updatesUntil": .string(updatesUntil), "type": .string(type.rawValue)])
    }
}
