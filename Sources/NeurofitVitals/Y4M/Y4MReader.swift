import PpgCore

/// Reads an uncompressed YUV4MPEG2 video (for replay) frame by frame into one buffer that is reused for
/// every frame, with each frame's time taken from the stream's frame rate (frame `n` at `n / fps` seconds).
///
/// ```swift
/// let video = try Y4MReader(path: "finger.y4m")
/// while let sample = try video.nextSample(using: FrameReducer()) { … }
/// ```
public final class Y4MReader {
    /// Longest stream or frame header line accepted, in bytes.
    static let maximumHeaderLength = 4_096
    /// The frame buffer grows by at most this many bytes per read, so a header that declares huge frames over a
    /// short file never reserves more memory than the file actually holds (plus one step).
    static let growthStep = 1 << 20

    private let reader: BufferedByteReader
    private var pixels: [UInt8]

    /// The stream header.
    public let header: Y4MStreamHeader
    /// Frames read so far; the index of the next frame.
    public private(set) var frameCount = 0

    /// Opens the file at `path` and reads its stream header.
    public convenience init(path: String) throws(Y4MError) {
        try self.init(source: FileByteSource.opening(path, wrap: Y4MError.io))
    }

    /// Reads a stream from `source`, starting with its header.
    public init(source: any ByteSource) throws(Y4MError) {
        reader = BufferedByteReader(source)
        guard case .complete(let line)? = try Self.readLine(reader) else { throw .notY4M }
        header = try Y4MStreamHeader(line: line)
        pixels = []
    }

    /// The layout of every frame's pixels.
    public var layout: FrameLayout { header.layout }

    /// Reads the next frame into the reusable buffer and returns its time in seconds from the first frame; nil at
    /// the end of the stream. Frame-header parameters are ignored.
    public func readFrame() throws(Y4MError) -> Double? {
        guard let line = try Self.readLine(reader) else { return nil }
        guard case .complete(let bytes) = line, bytes.starts(with: "FRAME".utf8),
              bytes.count == 5 || bytes[5] == UInt8(ascii: " ") else {
            throw .badFrameHeader(frame: frameCount)
        }
        let expected = header.layout.requiredByteCount
        let filled = pixels.count == expected ? try fill(0..<expected) : try growAndFill(upTo: expected)
        guard filled == expected else { throw .truncatedFrame(frame: frameCount, bytes: filled, expected: expected) }
        defer { frameCount += 1 }
        return header.timestamp(ofFrame: frameCount)
    }

    /// Reads the first frame's bytes step by step, growing the buffer only as far as the data actually reaches.
    private func growAndFill(upTo expected: Int) throws(Y4MError) -> Int {
        pixels.removeAll(keepingCapacity: true)
        while pixels.count < expected {
            let start = pixels.count
            let end = min(expected, start + Self.growthStep)
            pixels.append(contentsOf: repeatElement(0, count: end - start))
            let read = try fill(start..<end)
            guard read == end - start else {
                pixels.removeAll()
                return start + read
            }
        }
        return expected
    }

    /// Reads exactly `range.count` bytes into `pixels[range]` unless the stream ends first; returns the bytes read.
    private func fill(_ range: Range<Int>) throws(Y4MError) -> Int {
        let reader = self.reader
        var failure: FileIOError?
        let filled = pixels.withUnsafeMutableBytes { buffer in
            do throws(FileIOError) {
                return try reader.readExactly(into: UnsafeMutableRawBufferPointer(rebasing: buffer[range]))
            } catch {
                failure = error
                return 0
            }
        }
        if let failure { throw .io(failure) }
        return filled
    }

    /// Bytes the frame buffer has reserved (for tests of the growth rule).
    var reservedFrameBytes: Int { pixels.capacity }

    /// Calls `body` with the pixels of the frame `readFrame()` read last (laid out as `layout`).
    public func withFramePixels<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try pixels.withUnsafeBytes(body)
    }

    /// Reads the next frame and reduces it: the frame sample at its stream time, or nil at the end.
    public func nextSample(using reducer: FrameReducer) throws(Y4MError) -> FrameSample? {
        guard let timestamp = try readFrame() else { return nil }
        let layout = self.layout
        let means = withFramePixels { try? reducer.reduce($0, layout: layout) }
        // The buffer always holds exactly one valid frame of `layout`, so the reduction cannot fail.
        return means?.frameSample(timestamp: timestamp)
    }

    private static func readLine(_ reader: BufferedByteReader) throws(Y4MError) -> BufferedByteReader.Line? {
        do {
            return try reader.readLine(maximumLength: maximumHeaderLength)
        } catch {
            throw .io(error)
        }
    }
}
