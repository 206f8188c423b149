import CSodium

/// Ed25519 signatures through libsodium (detached form).
enum Ed25519 {
    /// Bytes in a public key.
    static let publicKeyLength = 32
    /// Bytes in a secret seed.
    static let seedLength = 32
    /// Bytes in a signature.
    static let signatureLength = 64

    /// Whether libsodium initialised; checked once, thread-safely, on first use.
    private static let ready: Bool = sodium_init() >= 0

    /// A fresh key pair from the system's random source: (public key, secret seed).
    static func generateKeyPair() throws(VitalsError) -> (publicKey: [UInt8], seed: [UInt8]) {
        guard ready else { throw .internalError("libsodium could not be initialised") }
        var seed = [UInt8](repeating: 0, count: seedLength)
        randombytes_buf(&seed, seedLength)
        return (try publicKey(seed: seed), seed)
    }

    /// The public key belonging to a secret seed.
    static func publicKey(seed: [UInt8]) throws(VitalsError) -> [UInt8] {
        try withSecretKey(seed: seed) { publicKey, _ in publicKey }
    }

    /// Signs `message` with the key derived from `seed`.
    static func sign(_ message: [UInt8], seed: [UInt8]) throws(VitalsError) -> [UInt8] {
        try withSecretKey(seed: seed) { _, secretKey in
            var signature = [UInt8](repeating: 0, count: signatureLength)
            _ = crypto_sign_detached(&signature, nil, message, UInt64(message.count), secretKey)
            return signature
        }
    }

    /// Whether `signature` is a valid signature of `message` by `publicKey`.
    static func verify(_ signature: [UInt8], of message: [UInt8], publicKey: [UInt8]) -> Bool {
        guard ready, signature.count == signatureLength, publicKey.count == publicKeyLength else { return false }
        return crypto_sign_verify_detached(signature, message, UInt64(message.count), publicKey) == 0
    }

    /// Expands a seed into libsodium's 64-byte secret key for the duration of `body`, then wipes it.
    private static func withSecretKey<T>(seed: [UInt8],
                                         _ body: ([UInt8], [UInt8]) -> T) throws(VitalsError) -> T {
        guard ready else { throw .internalError("libsodium could not be initialised") }
        guard seed.count == seedLength else {
            throw .invalidArgument("A secret key must hold \(seedLength) bytes, not \(seed.count)")
        }
        var publicKey = [UInt8](repeating: 0, count: publicKeyLength)
        var secretKey = [UInt8](repeating: 0, count: 64)
        _ = crypto_sign_seed_keypair(&publicKey, &secretKey, seed)
        defer { sodium_memzero(&secretKey, secretKey.count) }
        return body(publicKey, secretKey)
    }
}
