/// Reads structured values off the front of a fuzz input; past its end every read gives zero.
struct FuzzInput {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether unread bytes remain.
    var isEmpty: Bool { position >= bytes.count }

    /// The next byte.
    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// The next two bytes, little-endian.
    mutating func uint16() -> UInt16 {
        UInt16(byte()) | UInt16(byte()) << 8
    }

    /// The next eight bytes, little-endian.
    mutating func uint64() -> UInt64 {
        (0..<8).reduce(UInt64(0)) { value, index in value | UInt64(byte()) << (8 * UInt64(index)) }
    }

    /// The next eight bytes as a `Double` bit pattern (any value: NaN, ±∞, subnormals).
    mutating func double() -> Double {
        Double(bitPattern: uint64())
    }

    /// Every unread byte.
    mutating func rest() -> [UInt8] {
        defer { position = bytes.count }
        return position < bytes.count ? Array(bytes[position...]) : []
    }
}
