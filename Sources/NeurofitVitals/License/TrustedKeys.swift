import CBuildInfo

/// The Ed25519 public keys this build trusts (docs/license-keys.md).
package enum TrustedKeys {
    /// Whether this is a debug build (`swift build` without `-c release`).
    static var isDebugBuild: Bool {
        #if DEBUG
        return true
        #else
        return false
        #endif
    }

    /// The test suite's signing key (its secret seed is Tests/Fixtures/test-signing.secret). Trusted by
    /// debug builds only, so no release build accepts a key anyone with the sources can mint.
    static let testPublicKey = "H0nVav5wTF83nkP9hcbCjSJiwYSk446Cc5PmT5HPnqE="

    /// The vendor's production key from the build input `NFV_LICENSE_PUBLIC_KEY`, if the build set one.
    static let productionPublicKey: [UInt8]? = decodePublicKey(String(cString: cbuildinfo_license_public_key()))

    /// Production key (when set) plus, in debug builds, the test key.
    static let forThisBuild: [[UInt8]] = {
        var keys: [[UInt8]] = []
        if let productionPublicKey { keys.append(productionPublicKey) }
        if isDebugBuild, let test = decodePublicKey(testPublicKey) { keys.append(test) }
        return keys
    }()

    /// Decodes a public key written in standard base64 or base64url (padding optional); nil unless it is 32 bytes.
    package static func decodePublicKey(_ text: String) -> [UInt8]? {
        let normalized = text.filter { $0 != "=" }.map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 }
        guard let bytes = try? Base64URL.decode(Substring(String(normalized))),
              bytes.count == Ed25519.publicKeyLength else { return nil }
        return bytes
    }

    /// A public key as standard base64, the form `NFV_LICENSE_PUBLIC_KEY` and `nfv license keygen` use.
    package static func encodePublicKey(_ bytes: [UInt8]) -> String {
        var text = Base64URL.encode(bytes).map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 }
        while text.count % 4 != 0 { text.append("=") }
        return String(text)
    }
}
