/// Random version-4 UUIDs (RFC 9562, section 5.4) as text, for reading ids: 122 random bits from the system's
/// cryptographic generator, written as Foundation's `UUID().uuidString` writes them (upper-case hex, 8-4-4-4-12).
enum RandomUUID {
    /// A new random UUID from `generator`.
    static func text<Generator: RandomNumberGenerator>(using generator: inout Generator) -> String {
        var bytes = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        bytes[6] = bytes[6] & 0x0F | 0x40 // version 4
        bytes[8] = bytes[8] & 0x3F | 0x80 // variant 10xx
        let digits = Array("0123456789ABCDEF".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if [4, 6, 8, 10].contains(index) { text.append(UInt8(ascii: "-")) }
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// A new random UUID from the system's generator (`getrandom`).
    static func text() -> String {
        var generator = SystemRandomNumberGenerator()
        return text(using: &generator)
    }
}
