/// Reads lines and fixed-size blocks from a `ByteSource` through one reusable 64 KiB buffer (no allocation per
/// block; block reads larger than what is buffered go straight into the caller's memory). A class, so handing it
/// around never copies the buffer.
final class BufferedByteReader {
    private var source: any ByteSource
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    private var reachedEnd = false

    /// A reader over `source`.
    init(_ source: any ByteSource, bufferSize: Int = 1 << 16) {
        self.source = source
        buffer = [UInt8](repeating: 0, count: bufferSize)
    }

    /// The next line without its `\n`, and whether the `\n` was there (false only for a last line cut short);
    /// nil at the end of the data. A line longer than `maximumLength` bytes is returned cut at that length.
    func readLine(maximumLength: Int) throws(FileIOError) -> (bytes: [UInt8], terminated: Bool)? {
        var line: [UInt8] = []
        while true {
            if start == end {
                try refill()
                if start == end {
                    return line.isEmpty ? nil : (line, false)
                }
            }
            let available = buffer[start..<end]
            if let newline = available.firstIndex(of: UInt8(ascii: "\n")) {
                line.append(contentsOf: buffer[start..<newline])
                start = newline + 1
                return (Array(line.prefix(maximumLength)), true)
            }
            line.append(contentsOf: available)
            start = end
            if line.count > maximumLength { return (Array(line.prefix(maximumLength)), false) }
        }
    }

    /// Fills `destination` completely unless the data ends first; returns the bytes written.
    func readExactly(into destination: UnsafeMutableRawBufferPointer) throws(FileIOError) -> Int {
        var filled = 0
        while filled < destination.count {
            if start < end {
                let count = min(end - start, destination.count - filled)
                buffer.withUnsafeBytes { bytes in
                    UnsafeMutableRawBufferPointer(rebasing: destination[filled..<filled + count])
                        .copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[start..<start + count]))
                }
                start += count
                filled += count
            } else if destination.count - filled >= buffer.count {
                let count = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: destination[filled...]))
                if count == 0 { return filled }
                filled += count
            } else {
                try refill()
                if start == end { return filled }
            }
        }
        return filled
    }

    private func refill() throws(FileIOError) {
        guard !reachedEnd else { return }
        start = 0
        end = 0
        var source = self.source
        var failure: FileIOError?
        let count = buffer.withUnsafeMutableBytes { bytes in
            do throws(FileIOError) {
                return try source.read(into: bytes)
            } catch {
                failure = error
                return 0
            }
        }
        self.source = source
        if let failure { throw failure }
        end = count
        reachedEnd = count == 0
    }
}
