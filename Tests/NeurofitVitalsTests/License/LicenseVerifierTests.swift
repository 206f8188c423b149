import Dispatch
@testable import NeurofitVitals
import StrictJSON
import Testing

@Suite struct LicenseVerifierTests {
    let key = try! TestKeys.test.issue(TestKeys.payload)

    @Test func issuedKeyActivates() throws {
        let activated = try TestKeys.verifier().verify(key, appId: "com.example.app")
        #expect(activated.payload == TestKeys.payload)
        #expect(activated.warnings.isEmpty)
    }

    @Test func debugBuildTrustsTheTestKey() {
        #expect(TrustedKeys.isDebugBuild)
        #expect(TrustedKeys.forThisBuild.contains(TestKeys.test.publicKey))
    }

    @Test func surroundingWhiteSpaceIsIgnored() throws {
        _ = try TestKeys.verifier().verify("\n  \(key)\t\n", appId: "tool")
    }

    /// Malformed keys and the words their rejection must contain. A typed property: Swift 6.0.3 took 3.3 s to infer
    /// the literal inside the macro's argument.
    private static let malformedKeys: [(String, String)] = [
        ("NFV1.e$yJ." + String(repeating: "A", count: 86), "bad base64 in the payload part at character 2"),
        ("NFV1.eyJ9." + String(repeating: "*", count: 86), "bad base64 in the signature part at character 1"),
        ("NFV1.eyJ9." + String(repeating: "A", count: 87), "signature is longer than 86 characters"),
        ("NFV2.abcd.efgh", "does not start with 'NFV1.'"),
        ("NFV1.abcd", "the signature part is missing"),
        ("NFV1.abcd.", "the signature part is missing"),
        ("NFV1.a.b.c", "more than three"),
        ("", "the key is empty"),
    ]

    @Test(arguments: malformedKeys)
    func malformedKeysNameTheirProblem(text: String, expected: String) {
        let error = TestKeys.rejection { _ = try TestKeys.verifier().verify(text, appId: "tool") }
        #expect(error?.code == .licenseInvalid && error?.reason == "malformed")
        #expect(error?.message.contains(expected) == true, "\(error?.message ?? "accepted")")
    }

    @Test func everyTruncationIsRejected() {
        for length in 0..<key.count {
            let error = TestKeys.rejection { _ = try TestKeys.verifier().verify(String(key.prefix(length)), appId: "tool") }
            #expect(error?.code == .licenseInvalid, "prefix of length \(length) was accepted")
        }
        let cutSignature = String(key.dropLast(8))
        let error = TestKeys.rejection { _ = try TestKeys.verifier().verify(cutSignature, appId: "tool") }
        #expect(error?.message.contains("truncated key") == true, "\(error?.message ?? "")")
    }

    @Test func everySingleBitFlipIsRejected() throws {
        let parts = key.split(separator: ".")
        let payload = try Base64URL.decode(parts[1])
        let signature = try Base64URL.decode(parts[2])
        var flips = 0
        for (partIndex, bytes) in [payload, signature].enumerated() {
            for bit in 0..<(bytes.count * 8) {
                var changed = bytes
                changed[bit / 8] ^= UInt8(1 << (bit % 8))
                let text = partIndex == 0
                    ? "NFV1.\(Base64URL.encode(changed)).\(parts[2])"
                    : "NFV1.\(parts[1]).\(Base64URL.encode(changed))"
                let error = TestKeys.rejection { _ = try TestKeys.verifier().verify(text, appId: "tool") }
                #expect(error?.message.contains("signature does not verify") == true)
                #expect(error?.reason == LicenseFailure.badSignature.rawValue)
                flips += 1
            }
        }
        #expect(flips == (payload.count + 64) * 8)
    }

    @Test func keySignedByAnotherKeyIsRejected() throws {
        let forged = try TestKeys.other.issue(TestKeys.payload)
        let error = TestKeys.rejection { _ = try TestKeys.verifier().verify(forged, appId: "tool") }
        #expect(error?.message.contains("signature does not verify") == true)
    }

    @Test func swappedPartsAreRejected() {
        let parts = key.split(separator: ".")
        let swapped = "NFV1.\(parts[2]).\(parts[1])"
        let error = TestKeys.rejection { _ = try TestKeys.verifier().verify(swapped, appId: "tool") }
        #expect(error?.code == .licenseInvalid)
    }

    @Test func appIdsCompareAsBytesNotUnderUnicodeEquivalence() throws {
        let decomposed = "com.caf\u{65}\u{301}.reader", precomposed = "com.caf\u{e9}.reader"
        #expect(decomposed == precomposed, "Swift's String equality would treat them as one id")
        var payload = TestKeys.payload
        payload.apps = [decomposed]
        let key = try TestKeys.test.issue(payload)
        _ = try TestKeys.verifier().verify(key, appId: decomposed)
        let error = TestKeys.rejection { _ = try TestKeys.verifier().verify(key, appId: precomposed) }
        #expect(error?.reason == "appNotListed")
    }

    @Test func unlistedAppIsRefusedWhenEnforcedAndWarnedOtherwise() throws {
        let error = TestKeys.rejection { _ = try TestKeys.verifier(.enforce).verify(key, appId: "com.other") }
        #expect(error?.message.contains("does not list the app id 'com.other'") == true)
        #expect(error?.reason == "appNotListed")
        #expect(error?.jsonValue.objectValue?["reason"] == .string("appNotListed"))
        let relaxed = try TestKeys.verifier(.warn).verify(key, appId: "com.other")
        #expect(relaxed.warnings.count == 1)
        #expect(relaxed.warnings[0].contains("debug build"))
    }

    @Test func buildAfterUpdatesUntilIsRefused() {
        let error = TestKeys.rejection {
            _ = try TestKeys.verifier(buildDate: "2031-01-01").verify(key, appId: "tool")
        }
        #expect(error?.message.contains("after the key's updatesUntil (2030-12-31)") == true)
        #expect(error?.reason == "updatesExpired")
        #expect(throws: Never.self) { _ = try TestKeys.verifier(buildDate: "2030-12-31").verify(key, appId: "tool") }
    }

    @Test(arguments: [
        (#"{"licensee":"A","apps":["tool"],"features":"hrv","updatesUntil":"2030-01-01","type":"binary"}"#,
         "payload field 'features' must be an array of strings"),
        (#"{"licensee":"A","apps":["tool"],"updatesUntil":"2030-01-01","type":"binary"}"#,
         "payload field 'features' is missing"),
        (#"{"licensee":"A","apps":["tool"],"features":[],"updatesUntil":"2030-02-30","type":"binary"}"#,
         "payload field 'updatesUntil' must be a YYYY-MM-DD date"),
        (#"{"licensee":"A","apps":["tool"],"features":[],"updatesUntil":"2030-01-01","type":"gratis"}"#,
         "payload field 'type' must be \"binary\" or \"source\""),
        (#"{"licensee":"A","apps":[],"features":[],"updatesUntil":"2030-01-01","type":"binary"}"#,
         "payload field 'apps' must list at least one app id"),
        (#"[1,2,3]"#, "the payload is not a JSON object"),
    ])
    func signedButMalformedPayloadsNameTheField(payload: String, expected: String) throws {
        let text = try TestKeys.test.issue(rawPayloadJSON: payload)
        let error = TestKeys.rejection { _ = try TestKeys.verifier().verify(text, appId: "tool") }
        #expect(error?.code == .licenseInvalid && error?.reason == "malformed")
        #expect(error?.message.contains(expected) == true, "\(error?.message ?? "accepted")")
    }

    @Test func buildWithoutTrustedKeysRefusesEverything() {
        let verifier = LicenseVerifier(trustedKeys: [], buildDate: "2026-01-01", appIdPolicy: .enforce)
        let error = TestKeys.rejection { _ = try verifier.verify(key, appId: "tool") }
        #expect(error?.message.contains("trusts no signing key") == true && error?.reason == "noTrustedKey")
    }

    @Test func oversizeKeyIsRejectedBeforeParsing() {
        let huge = "NFV1." + String(repeating: "A", count: LicenseKey.maximumLength)
        let error = TestKeys.rejection { _ = try TestKeys.verifier().verify(huge, appId: "tool") }
        #expect(error?.message.contains("longer than") == true)
    }
}
