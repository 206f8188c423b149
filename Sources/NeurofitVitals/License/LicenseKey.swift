import PpgCore
import StrictJSON

/// The text form of a license key: `NFV1.<payload>.<signature>`, both parts unpadded base64url. The signature is
/// Ed25519 over the ASCII bytes of `NFV1.<payload>` (docs/license-keys.md).
public struct LicenseKey: Sendable, Equatable {
    /// The version prefix every key of this format starts with.
    public static let prefix = "NFV1"
    /// Longest key text accepted, in bytes.
    public static let maximumLength = 16_384

    /// The signed bytes: `NFV1.<payload as base64url>`.
    let signedBytes: [UInt8]
    /// The payload JSON bytes.
    let payloadBytes: [UInt8]
    /// The 64-byte Ed25519 signature.
    let signature: [UInt8]

    /// Parses a key's structure and encodings; the signature is not checked here.
    /// - Throws: `licenseInvalid` naming the problem (too long, malformed, bad base64, truncated).
    public init(parsing text: String) throws(VitalsError) {
        let trimmed = text.trimmingWhitespace()
        guard trimmed.utf8.count <= Self.maximumLength else {
            throw .licenseInvalid(.malformed, "the key is longer than \(Self.maximumLength) bytes")
        }
        guard !trimmed.isEmpty else { throw .licenseInvalid(.malformed, "the key is empty") }
        let parts = trimmed.split(separator: ".", omittingEmptySubsequences: false)
        guard parts[0] == Self.prefix else {
            throw .licenseInvalid(.malformed, "malformed key: it does not start with '\(Self.prefix).'")
        }
        guard parts.count >= 3, !parts[2].isEmpty else {
            throw .licenseInvalid(.malformed, "truncated key: the signature part is missing")
        }
        guard parts.count == 3 else {
            throw .licenseInvalid(.malformed, "malformed key: more than three '.'-separated parts")
        }
        let signatureCharacters = (Ed25519.signatureLength * 4 + 2) / 3
        guard parts[2].utf8.count >= signatureCharacters else {
            throw .licenseInvalid(.malformed, "truncated key: the signature has \(parts[2].utf8.count) of "
                + "\(signatureCharacters) characters")
        }
        guard parts[2].utf8.count == signatureCharacters else {
            throw .licenseInvalid(.malformed,
                                  "malformed key: the signature is longer than \(signatureCharacters) characters")
        }
        payloadBytes = try Self.decode(parts[1], part: "payload")
        signature = try Self.decode(parts[2], part: "signature")
        signedBytes = Array("\(Self.prefix).\(parts[1])".utf8)
    }

    /// Decodes one base64url part, naming the part in the error.
    private static func decode(_ text: Substring, part: String) throws(VitalsError) -> [UInt8] {
        do {
            return try Base64URL.decode(text)
        } catch {
            switch error {
            case .truncated:
                throw .licenseInvalid(.malformed, "truncated key: the \(part) part is cut short")
            case .invalidCharacter(let offset):
                throw .licenseInvalid(.malformed, "bad base64 in the \(part) part at character \(offset + 1)")
            }
        }
    }

    /// Whether any of `publicKeys` signed this key.
    func isSigned(byAnyOf publicKeys: [[UInt8]]) -> Bool {
        publicKeys.contains { Ed25519.verify(signature, of: signedBytes, publicKey: $0) }
    }

    /// Decodes the payload JSON, naming the first field that is missing or of the wrong type. The payload must be
    /// strict JSON (`JSONValue(parsing:)`: no duplicate keys, valid UTF-8), so one signed key has one meaning.
    func decodePayload() throws(VitalsError) -> LicensePayload {
        let json: JSONValue
        do {
            json = try payloadBytes.withUnsafeBufferPointer { (bytes) throws(JSONParseError) in
                try JSONValue(parsing: bytes)
            }
        } catch {
            throw .licenseInvalid(.malformed, "the payload is not strict JSON: \(error)")
        }
        let payload = try LicensePayload(json: json)
        if let problem = payload.problem() { throw .licenseInvalid(.malformed, problem) }
        return payload
    }
}
