import CSodium
import Glibc

/// A reading id derived from a file's content (for replays of files that carry none: CSV, Y4M), so replaying the
/// same file twice gives the same result, id included.
enum ContentIdentity {
    /// Bytes hashed at most: enough to tell readings apart without reading a long video twice.
    static let hashedPrefix = 64 << 20

    /// A UUID-formatted BLAKE2b-128 digest of the file's first `hashedPrefix` bytes and its size.
    static func uuid(ofFile path: String) throws(VitalsError) -> String {
        guard let file = fopen(path, "rb") else {
            throw .invalidArgument("Cannot open '\(path)': \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        let stateBytes = UnsafeMutableRawPointer.allocate(byteCount: crypto_generichash_statebytes(), alignment: 64)
        defer { stateBytes.deallocate() }
        let state = OpaquePointer(stateBytes)
        crypto_generichash_init(state, nil, 0, 16)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var total = 0
        while total < hashedPrefix {
            let count = fread(&buffer, 1, buffer.count, file)
            guard count > 0 else { break }
            crypto_generichash_update(state, buffer, UInt64(count))
            total += count
        }
        fseek(file, 0, SEEK_END)
        let end = ftell(file)
        guard end >= 0 else {
            throw .invalidArgument("Cannot read '\(path)' to its end: \(String(cString: strerror(errno)))")
        }
        var size = UInt64(end).littleEndian
        withUnsafeBytes(of: &size) { bytes in
            _ = crypto_generichash_update(state, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), 8)
        }
        var digest = [UInt8](repeating: 0, count: 16)
        crypto_generichash_final(state, &digest, 16)
        digest[6] = (digest[6] & 0x0F) | 0x80      // version 8: custom
        digest[8] = (digest[8] & 0x3F) | 0x80      // RFC 4122 variant
        let hex = digest.map { String($0, radix: 16, uppercase: true).leftPadded(to: 2) }.joined()
        let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
            String(hex.dropFirst(range.lowerBound).prefix(range.count))
        }
        return parts.joined(separator: "-")
    }
}

extension String {
    /// The string padded on the left with zeros to `width` characters.
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
