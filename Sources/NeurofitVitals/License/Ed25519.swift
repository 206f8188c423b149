import CSodium

/// Ed25519 signature checks through libsodium (detached form). The library only verifies: minting keys lives in
/// the tools-only `LicenseMinting` module, so the shipped library imports no signing function.
package enum Ed25519 {
    /// Bytes in a public key.
    package static let publicKeyLength = 32
    /// Bytes in a secret seed.
    package static let seedLength = 32
    /// Bytes in a signature.
    package static let signatureLength = 64

    /// Whether libsodium initialised; checked once, thread-safely, on first use.
    package static let ready: Bool = sodium_init() >= 0

    /// Whether `signature` is a valid signature of `message` by `publicKey`.
    static func verify(_ signature: [UInt8], of message: [UInt8], publicKey: [UInt8]) -> Bool {
        guard ready, signature.count == signatureLength, publicKey.count == publicKeyLength else { return false }
        return crypto_sign_verify_detached(signature, message, UInt64(message.count), publicKey) == 0
    }
}
