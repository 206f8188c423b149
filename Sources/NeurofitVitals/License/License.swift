import PpgCore

/// The process-wide activation state. Thread-safe; never logs key contents.
public final class License: Sendable {
    /// The process's license.
    public static let shared = License(verifier: .current)

    private let verifier: LicenseVerifier
    private let state = ForkSafeMutex<ActivatedLicense?>(nil)

    /// A license store with its own verifier (tests).
    public init(verifier: LicenseVerifier) {
        self.verifier = verifier
    }

    /// Activates with `keyText` for `appId` (nil or empty: the executable's name). A failure leaves an earlier
    /// activation in place.
    /// - Throws: `licenseInvalid` naming the failed check.
    @discardableResult
    public func activate(keyText: String, appId: String?) throws(VitalsError) -> ActivatedLicense {
        let id = (appId?.isEmpty ?? true) ? ExecutableName.current : appId!
        let activated = try verifier.verify(keyText, appId: id)
        state.withLock { $0 = activated }
        return activated
    }

    /// The current activation, if any.
    public var activated: ActivatedLicense? { state.withLock { $0 } }

    /// Throws `notActivated` unless a key has activated this process.
    public func requireActivation() throws(VitalsError) {
        guard activated != nil else {
            throw VitalsError(.notActivated, "The library is not activated: call nfv_activate with a license key first.")
        }
    }

    /// The status object of `nfv_license_status`.
    public var status: LicenseStatus { LicenseStatus(activated) }
}

/// The license state as hosts see it.
public struct LicenseStatus: Sendable, Equatable {
    /// Whether a key activated this process.
    public let activated: Bool
    /// The key's licensee, when activated.
    public let licensee: String?
    /// The key's application ids, when activated.
    public let apps: [String]?
    /// The key's features, when activated.
    public let features: [String]?
    /// The key's `updatesUntil`, when activated.
    public let updatesUntil: String?
    /// The key's distribution type, when activated.
    public let type: LicenseType?
    /// The application id the activation was for.
    public let appId: String?
    /// Warnings about the activation (empty when none).
    public let warnings: [String]

    init(_ license: ActivatedLicense?) {
        activated = license != nil
        licensee = license?.payload.licensee
        apps = license?.payload.apps
        features = license?.payload.features
        updatesUntil = license?.payload.updatesUntil
        type = license?.payload.type
        appId = license?.appId
        warnings = license?.warnings ?? []
    }
}
