/// Why a license key was refused, as a stable machine-readable name (the `reason` of a `licenseInvalid` error):
/// a host can react to each differently — ask for a new key, a key listing its app id, or a newer key.
public enum LicenseFailure: String, Sendable, Equatable, CaseIterable {
    /// The text is not a license key: empty, too long, cut short, bad base64, or a payload that is not the
    /// expected strict JSON.
    case malformed
    /// This build of the library trusts no signing key, so no key can activate it.
    case noTrustedKey
    /// The signature does not verify: the key was altered or signed by another vendor key.
    case badSignature
    /// The library was built after the key's `updatesUntil` date: the key does not cover this version.
    case updatesExpired
    /// The key does not list the application id it was activated for.
    case appNotListed
}
