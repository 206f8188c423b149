/// Unpadded base64url (RFC 4648, section 5), the alphabet license keys use so they survive URLs, shells and e-mail.
package enum Base64URL {
    /// Why a text is not base64url.
    enum DecodingError: Error, Equatable {
        /// A character outside `A–Z a–z 0–9 - _` at this offset.
        case invalidCharacter(offset: Int)
        /// A length no complete encoding has (one character too many or too few): the text was cut.
        case truncated
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    private static let decodingTable: [Int8] = {
        var table = [Int8](repeating: -1, count: 256)
        for (index, character) in alphabet.enumerated() { table[Int(character)] = Int8(index) }
        return table
    }()

    /// Encodes bytes without padding.
    package static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index < bytes.count {
            let chunk = min(3, bytes.count - index)
            var group = UInt32(bytes[index]) << 16
            if chunk > 1 { group |= UInt32(bytes[index + 1]) << 8 }
            if chunk > 2 { group |= UInt32(bytes[index + 2]) }
            for position in 0...chunk {
                output.append(alphabet[Int((group >> (18 - 6 * UInt32(position))) & 0x3F)])
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes unpadded base64url. Trailing bits that do not form a byte must be zero (canonical encodings only,
    /// so one key text has one meaning).
    static func decode(_ text: Substring) throws(DecodingError) -> [UInt8] {
        let characters = Array(text.utf8)
        if characters.count % 4 == 1 { throw .truncated }
        var output: [UInt8] = []
        output.reserveCapacity(characters.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for (offset, character) in characters.enumerated() {
            let value = decodingTable[Int(character)]
            if value < 0 { throw .invalidCharacter(offset: offset) }
            accumulator = (accumulator << 6) | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8((accumulator >> UInt32(bits)) & 0xFF))
            }
        }
        if bits > 0 && accumulator & ((1 << UInt32(bits)) - 1) != 0 {
            throw .invalidCharacter(offset: characters.count - 1)
        }
        return output
    }
}
