/// Decides whether a key activates this build: signature by a trusted key, a well-formed payload, the build date
/// within `updatesUntil`, and the application id among `apps`.
public struct LicenseVerifier: Sendable {
    /// What happens when the key does not list the application id.
    public enum AppIdPolicy: Sendable {
        /// Refuse the key (release builds).
        case enforce
        /// Accept it and record a warning (debug builds, so development ids work).
        case warn
    }

    /// Public keys whose signatures are trusted.
    public var trustedKeys: [[UInt8]]
    /// This build's date, YYYY-MM-DD.
    public var buildDate: String
    /// The app-id rule.
    public var appIdPolicy: AppIdPolicy

    /// A verifier with explicit inputs (tests and vendor tooling).
    public init(trustedKeys: [[UInt8]], buildDate: String, appIdPolicy: AppIdPolicy) {
        self.trustedKeys = trustedKeys
        self.buildDate = buildDate
        self.appIdPolicy = appIdPolicy
    }

    /// The verifier this build uses: its compiled-in keys, its build date, and the policy of its configuration.
    public static let current = LicenseVerifier(
        trustedKeys: TrustedKeys.forThisBuild, buildDate: SDKVersion.buildDate,
        appIdPolicy: TrustedKeys.isDebugBuild ? .warn : .enforce)

    /// Verifies `keyText` for `appId`.
    /// - Returns: the activated license with any warnings.
    /// - Throws: `licenseInvalid` whose message names the failed check.
    public func verify(_ keyText: String, appId: String) throws(VitalsError) -> ActivatedLicense {
        let key = try LicenseKey(parsing: keyText)
        guard !trustedKeys.isEmpty else {
            throw .licenseInvalid(.noTrustedKey,
                                  "this build trusts no signing key (build it with NFV_LICENSE_PUBLIC_KEY set)")
        }
        guard key.isSigned(byAnyOf: trustedKeys) else {
            throw .licenseInvalid(.badSignature,
                                  "the signature does not verify (the key was altered or signed by another key)")
        }
        let payload = try key.decodePayload()
        guard buildDate <= payload.updatesUntil else {
            throw .licenseInvalid(.updatesExpired, "this library was built on \(buildDate), after the key's "
                + "updatesUntil (\(payload.updatesUntil))")
        }
        var warnings: [String] = []
        // Bytes, not Swift's String equality (Unicode canonical equivalence): a key listing "é" decomposed must not
        // activate the precomposed "é" of another app.
        if !payload.apps.contains(where: { $0.utf8.elementsEqual(appId.utf8) }) {
            guard appIdPolicy == .warn else {
                throw .licenseInvalid(.appNotListed, "the key does not list the app id '\(appId)'")
            }
            warnings.append("The key does not list the app id '\(appId)'; accepted because this is a debug build. "
                + "Release builds refuse it.")
        }
        return ActivatedLicense(payload: payload, appId: appId, warnings: warnings)
    }
}

/// A license that activated this process.
public struct ActivatedLicense: Sendable, Equatable {
    /// What the key grants.
    public let payload: LicensePayload
    /// The application id it was activated for.
    public let appId: String
    /// Things the host should know (for example a debug-build relaxation).
    public let warnings: [String]
}
