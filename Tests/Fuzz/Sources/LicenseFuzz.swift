@testable import PpgCore
import Glibc
@testable import NeurofitVitals
import LicenseMinting
@testable import StrictJSON

/// `nfv_activate`'s key text, two ways (the first byte chooses):
/// - as key text: parsed and verified by a verifier trusting the test key, one trusting another key and one trusting
///   none (a release build without a vendor key). Only the first may accept, and only a key whose payload grants
///   the app id and build date; the others must refuse everything with `licenseInvalid`.
/// - as payload JSON signed with the test key: the payload decoder sees arbitrary JSON behind a valid signature.
///   An accepted payload must be strict JSON (no duplicate keys, finite numbers) with non-empty fields.
enum LicenseFuzz {
    static let appId = "com.neurofit.fuzz"
    static let buildDate = "2026-01-01"

    /// The test signing key (Tests/Fixtures/test-signing.secret, read from the working directory).
    static let testKey: LicenseSigningKey = {
        guard let file = fopen("Tests/Fixtures/test-signing.secret", "r") else {
            fputs("run the license target from the repository root (it reads Tests/Fixtures)\n", stderr)
            exit(2)
        }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        guard fgets(&line, Int32(line.count), file) != nil,
              let key = try? LicenseSigningKey(secretText: String(cString: line)) else {
            fputs("Tests/Fixtures/test-signing.secret is not a signing key\n", stderr)
            exit(2)
        }
        return key
    }()

    static let trustingTestKey = LicenseVerifier(trustedKeys: [testKey.publicKey], buildDate: buildDate,
                                                 appIdPolicy: .enforce)
    /// Trusts a fixed key nobody holds the secret of (its public key is 32 bytes of 0x5A).
    static let trustingOtherKey = LicenseVerifier(trustedKeys: [[UInt8](repeating: 0x5A, count: 32)],
                                                  buildDate: buildDate, appIdPolicy: .enforce)
    static let trustingNothing = LicenseVerifier(trustedKeys: [], buildDate: buildDate, appIdPolicy: .enforce)

    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let mode = input.byte()
        let body = input.rest()
        if mode & 1 == 0 {
            guard let text = String(validating: body, as: UTF8.self) else { return }
            verifyKeyText(text)
        } else {
            guard let payload = String(validating: body, as: UTF8.self),
                  let text = try? testKey.issue(rawPayloadJSON: payload) else { return }
            verifyKeyText(text)
        }
    }

    private static func verifyKeyText(_ text: String) {
        for verifier in [trustingOtherKey, trustingNothing] {
            expectRefused { () throws(VitalsError) in _ = try verifier.verify(text, appId: appId) }
        }
        let license: ActivatedLicense
        do {
            license = try trustingTestKey.verify(text, appId: appId)
        } catch {
            if error.code != .licenseInvalid || error.message.isEmpty { violated("refusal is not licenseInvalid") }
            return
        }
        guard license.payload.apps.contains(appId), buildDate <= license.payload.updatesUntil,
              license.payload.problem() == nil else {
            violated("a key was accepted that does not grant \(appId) at \(buildDate)")
        }
        guard let key = try? LicenseKey(parsing: text),
              (try? JSONValue(parsing: String(decoding: key.payloadBytes, as: UTF8.self))) != nil else {
            violated("an accepted payload is not strict JSON")
        }
    }

    private static func expectRefused(_ body: () throws(VitalsError) -> Void) {
        do {
            try body()
        } catch {
            if error.code != .licenseInvalid { violated("refusal is \(error.code), not licenseInvalid") }
            return
        }
        violated("a verifier that does not trust the signer accepted a key")
    }
}
