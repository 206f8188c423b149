@testable import NeurofitVitals
import Testing

/// License attacks the verifier tests do not cover: payloads that are signed correctly but ambiguous or hostile
/// (duplicate keys, huge numbers, oversize), and non-canonical encodings of valid keys. Each is `licenseInvalid`.
@Suite struct HostileLicenseKeyTests {
    private static let valid = #"{"apps":["com.example.app"],"features":[],"licensee":"L","type":"binary","#
        + #""updatesUntil":"2030-12-31"}"#

    private static func refusal(_ keyText: String) -> VitalsError? {
        TestKeys.rejection { _ = try TestKeys.verifier().verify(keyText, appId: "com.example.app") }
    }

    @Test func theBaselinePayloadActivates() throws {
        #expect(Self.refusal(try TestKeys.test.issue(rawPayloadJSON: Self.valid)) == nil)
    }

    @Test(arguments: [
        #"{"apps":["other.app"],"apps":["com.example.app"],"features":[],"licensee":"L","type":"binary","updatesUntil":"2030-12-31"}"#,
        #"{"apps":["com.example.app"],"features":[],"licensee":"L","type":"binary","updatesUntil":"2020-01-01","updatesUntil":"2099-12-31"}"#,
    ])
    func aPayloadWithDuplicateKeysIsRefused(payload: String) throws {
        let error = Self.refusal(try TestKeys.test.issue(rawPayloadJSON: payload))
        #expect(error?.code == .licenseInvalid)
        #expect(error?.message.contains("duplicate key") == true, "\(String(describing: error))")
    }

    @Test(arguments: [
        #"{"apps":["com.example.app"],"features":[1e400],"licensee":"L","type":"binary","updatesUntil":"2030-12-31"}"#,
        #"{"apps":["com.example.app"],"features":[],"licensee":123456789012345678901234567890,"type":"binary","updatesUntil":"2030-12-31"}"#,
        #"{"apps":["com.example.app"],"features":[],"licensee":"L","type":"binary","updatesUntil":20301231}"#,
        #"{"apps":"com.example.app","features":[],"licensee":"L","type":"binary","updatesUntil":"2030-12-31"}"#,
        #"{"apps":["com.example.app"],"features":[],"licensee":"L","type":"binary","updatesUntil":"2030-12-31"} x"#,
        "[" + String(repeating: "[", count: 5_000) + "]",
    ])
    func hostilePayloadsBehindAValidSignatureAreRefused(payload: String) throws {
        let error = Self.refusal(try TestKeys.test.issue(rawPayloadJSON: payload))
        #expect(error?.code == .licenseInvalid, "\(payload.prefix(80))")
    }

    /// Members a later version may add are ignored whatever they hold (forward compatibility); they grant nothing.
    @Test func unknownMembersAreIgnoredWhateverTheirValue() throws {
        let payload = #"{"apps":["com.example.app"],"features":[],"licensee":"L","type":"binary","#
            + #""updatesUntil":"2030-12-31","future":{"n":1e999,"apps":["x"]}}"#
        let license = try TestKeys.verifier().verify(try TestKeys.test.issue(rawPayloadJSON: payload),
                                                     appId: "com.example.app")
        #expect(license.payload.apps == ["com.example.app"])
    }

    @Test func aSignedPayloadTooLongForAKeyIsRefusedBeforeVerification() throws {
        let padding = String(repeating: "a", count: LicenseKey.maximumLength)
        let payload = #"{"apps":["com.example.app"],"features":[],"licensee":"\#(padding)","type":"binary","#
            + #""updatesUntil":"2030-12-31"}"#
        let error = Self.refusal(try TestKeys.test.issue(rawPayloadJSON: payload))
        #expect(error?.message.contains("longer than \(LicenseKey.maximumLength) bytes") == true)
    }

    /// Changing the unused low bits of the last base64url character keeps the decoded bytes but changes the text:
    /// refused, so a key has exactly one spelling.
    @Test func nonCanonicalBase64OfAValidKeyIsRefused() throws {
        let key = try TestKeys.test.issue(rawPayloadJSON: Self.valid)
        let parts = key.split(separator: ".").map(String.init)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        for part in [1, 2] where parts[part].count % 4 != 0 {
            var characters = Array(parts[part])
            let index = alphabet.firstIndex(of: characters[characters.count - 1])!
            characters[characters.count - 1] = alphabet[index ^ 1]
            var altered = parts
            altered[part] = String(characters)
            let error = Self.refusal(altered.joined(separator: "."))
            #expect(error?.code == .licenseInvalid, "part \(part)")
        }
        #expect(Self.refusal(key + "=") != nil, "padding is not part of the format")
        #expect(Self.refusal(String(key.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })) != nil,
                "standard base64 characters are not base64url")
    }

    @Test func aReleaseVerifierWithoutAVendorKeyNeverActivatesTheTestKey() throws {
        let release = LicenseVerifier(trustedKeys: [], buildDate: "2026-11-29", appIdPolicy: .enforce)
        let error = TestKeys.rejection {
            _ = try release.verify(try TestKeys.test.issue(TestKeys.payload), appId: "com.example.app")
        }
        #expect(error?.code == .licenseInvalid)
    }
}
