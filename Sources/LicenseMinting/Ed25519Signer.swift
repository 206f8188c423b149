import CSodium
import NeurofitVitals

/// Ed25519 key generation and signing through libsodium (detached form), for the vendor's tooling only: this module
/// is linked into `nfv`, never into the shipped library, which only verifies.
enum Ed25519Signer {
    /// A fresh key pair from the system's random source: (public key, secret seed).
    static func generateKeyPair() throws(VitalsError) -> (publicKey: [UInt8], seed: [UInt8]) {
        guard Ed25519.ready else { throw .internalError("libsodium could not be initialised") }
        var seed = [UInt8](repeating: 0, count: Ed25519.seedLength)
        randombytes_buf(&seed, Ed25519.seedLength)
        return (try publicKey(seed: seed), seed)
    }

    /// The public key belonging to a secret seed.
    static func publicKey(seed: [UInt8]) throws(VitalsError) -> [UInt8] {
        try withSecretKey(seed: seed) { publicKey, _ in publicKey }
    }

    /// Signs `message` with the key derived from `seed`.
    static func sign(_ message: [UInt8], seed: [UInt8]) throws(VitalsError) -> [UInt8] {
        try withSecretKey(seed: seed) { _, secretKey in
            var signature = [UInt8](repeating: 0, count: Ed25519.signatureLength)
            _ = crypto_sign_detached(&signature, nil, message, UInt64(message.count), secretKey)
            return signature
        }
    }

    /// Expands a seed into libsodium's 64-byte secret key for the duration of `body`, then wipes it.
    private static func withSecretKey<T>(seed: [UInt8],
                                         _ body: ([UInt8], [UInt8]) -> T) throws(VitalsError) -> T {
        guard Ed25519.ready else { throw .internalError("libsodium could not be initialised") }
        guard seed.count == Ed25519.seedLength else {
            throw .invalidArgument("A secret key must hold \(Ed25519.seedLength) bytes, not \(seed.count)")
        }
        var publicKey = [UInt8](repeating: 0, count: Ed25519.publicKeyLength)
        var secretKey = [UInt8](repeating: 0, count: 64)
        _ = crypto_sign_seed_keypair(&publicKey, &secretKey, seed)
        defer { sodium_memzero(&secretKey, secretKey.count) }
        return body(publicKey, secretKey)
    }
}
