import NeurofitVitals
import StrictJSON

/// A vendor's Ed25519 signing key, for minting license keys (`nfv license keygen` / `issue`; tools only). The secret is a
/// 32-byte seed written as standard base64 in a file only the vendor keeps.
public struct LicenseSigningKey: Sendable {
    private let seed: [UInt8]

    /// A new random signing key.
    public static func generate() throws(VitalsError) -> LicenseSigningKey {
        LicenseSigningKey(seed: try Ed25519Signer.generateKeyPair().seed)
    }

    private init(seed: [UInt8]) {
        self.seed = seed
    }

    /// Reads the secret file's text (surrounding white space ignored).
    public init(secretText: String) throws(VitalsError) {
        guard let seed = TrustedKeys.decodePublicKey(secretText.trimmingWhitespace()) else {
            throw .invalidArgument("The secret key file does not hold a 32-byte base64 key")
        }
        self.seed = seed
    }

    /// The secret as it is stored in the secret file.
    public var secretText: String { TrustedKeys.encodePublicKey(seed) }

    /// The public key as standard base64: the value of the build input `NFV_LICENSE_PUBLIC_KEY`.
    public var publicKeyText: String {
        (try? Ed25519Signer.publicKey(seed: seed)).map(TrustedKeys.encodePublicKey) ?? ""
    }

    /// The raw public key.
    public var publicKey: [UInt8] { (try? Ed25519Signer.publicKey(seed: seed)) ?? [] }

    /// Signs `payload` into a license key text.
    public func issue(_ payload: LicensePayload) throws(VitalsError) -> String {
        if let problem = payload.problem() { throw .invalidArgument("Cannot issue the key: \(problem)") }
        return try sign(Array(payload.jsonValue.serialized().utf8))
    }

    /// Signs raw payload JSON without checking it (tests mint malformed keys with it).
    public func issue(rawPayloadJSON: String) throws(VitalsError) -> String {
        try sign(Array(rawPayloadJSON.utf8))
    }

    /// `NFV1.<payload>.<signature>` (docs/license-keys.md) for raw payload JSON bytes.
    private func sign(_ payloadJSON: [UInt8]) throws(VitalsError) -> String {
        let signed = "\(LicenseKey.prefix).\(Base64URL.encode(payloadJSON))"
        return "\(signed).\(Base64URL.encode(try Ed25519Signer.sign(Array(signed.utf8), seed: seed)))"
    }
}
