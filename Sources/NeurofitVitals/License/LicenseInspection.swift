import PpgCore

/// What `nfv license inspect` reports about a key: its payload (even when the signature fails, for diagnosis)
/// and whether this build would activate it.
public struct LicenseInspection: Sendable, CustomStringConvertible {
    /// The decoded payload, when the key's structure and payload are readable.
    public let payload: LicensePayload?
    /// Whether one of this build's trusted keys signed it.
    public let signatureVerified: Bool
    /// Whether this build would activate it for the app id (nil: the app check was not asked for).
    public let activates: Bool
    /// Why it would not activate, or nil.
    public let problem: String?
    /// Warnings activation would record.
    public let warnings: [String]

    /// Inspects `keyText` with this build's verifier; `appId` nil skips the app-id check.
    public init(keyText: String, appId: String?, verifier: LicenseVerifier = .current) {
        let key = try? LicenseKey(parsing: keyText)
        payload = try? key?.decodePayload()
        signatureVerified = key?.isSigned(byAnyOf: verifier.trustedKeys) ?? false
        do {
            let appToCheck = appId ?? payload?.apps.first ?? ""
            let activated = try verifier.verify(keyText, appId: appToCheck)
            activates = true
            problem = nil
            warnings = activated.warnings
        } catch {
            activates = false
            problem = error.message
            warnings = []
        }
    }

    /// A human summary.
    public var description: String {
        var lines: [String] = []
        if let payload {
            lines.append("licensee:      \(payload.licensee)")
            lines.append("apps:          \(payload.apps.joined(separator: ", "))")
            lines.append("features:      \(payload.features.isEmpty ? "(none)" : payload.features.joined(separator: ", "))")
            lines.append("updates until: \(payload.updatesUntil)")
            lines.append("type:          \(payload.type.rawValue)")
        } else {
            lines.append("payload:       unreadable")
        }
        lines.append("signature:     \(signatureVerified ? "verified by a key this build trusts" : "not verified")")
        lines.append("this build:    \(activates ? "activates" : "refuses: \(problem ?? "")")")
        lines += warnings.map { "warning:       \($0)" }
        return lines.joined(separator: "\n")
    }
}
