import FoundationEssentials
@testable import NeurofitVitals
import LicenseMinting

/// Signing keys and verifiers for license tests.
enum TestKeys {
    /// The test signing key whose secret is Tests/Fixtures/test-signing.secret.
    static let test: LicenseSigningKey = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fixtures/test-signing.secret").path
        let text = String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data(), as: UTF8.self)
        return try! LicenseSigningKey(secretText: text)
    }()

    /// A second, unrelated signing key.
    static let other = try! LicenseSigningKey.generate()

    /// A payload that activates `com.example.app` until 2030.
    static let payload = LicensePayload(licensee: "Example Ltd", apps: ["com.example.app", "tool"],
                                        features: ["hrv", "breathing"], updatesUntil: "2030-12-31", type: .binary)

    /// A verifier trusting only the test key, dated 2026-11-29.
    static func verifier(_ policy: LicenseVerifier.AppIdPolicy = .enforce,
                         buildDate: String = "2026-11-29") -> LicenseVerifier {
        LicenseVerifier(trustedKeys: [test.publicKey], buildDate: buildDate, appIdPolicy: policy)
    }

    /// The error `body` throws, or nil when it does not throw.
    static func rejection(_ body: () throws -> Void) -> VitalsError? {
        do {
            try body()
            return nil
        } catch {
            return error as? VitalsError ?? VitalsError.internalError("unexpected error type: \(error)")
        }
    }
}
