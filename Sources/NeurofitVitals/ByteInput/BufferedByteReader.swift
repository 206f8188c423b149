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

    /// What `readLine` found.
    enum Line: Equatable {
        /// A line ended by `\n` (not included).
        case complete([UInt8])
        /// The last bytes of the data, without a `\n`.
        case unterminated([UInt8])
        /// A line longer than the maximum; it was skipped up to and including its `\n`.
        case tooLong
    }

    /// The next line, or nil at the end of the data.
    func readLine(maximumLength: Int) throws(FileIOError) -> Line? {
        var line: [UInt8] = []
        var isTooLong = false
        while true {
            if start == end {
                try refill()
                if start == end {
                    if isTooLong { return .tooLong }
                    return line.isEmpty ? nil : .unterminated(line)
                }
            }
            let newline = buffer[start..<end].firstIndex(of: UInt8(ascii: "\n"))
            let stop = newline ?? end
            if !isTooLong { line.append(contentsOf: buffer[start..<stop]) }
            start = newline.map { $0 + 1 } ?? end
            if line.count > maximumLength {
                isTooLong = true
                line = []
            }
            if newline != nil { return isTooLong ? .tooLong : .complete(line) }
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
