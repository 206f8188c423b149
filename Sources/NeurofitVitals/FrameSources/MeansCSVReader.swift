import PpgCore

/// Reads per-frame channel means from CSV: a header line naming at least `timestamp_s`, `red`, `green`, `blue`
/// (any order; other columns ignored), then one frame per line. Empty lines and lines starting with `#` are
/// skipped. Timestamps are seconds and must increase; means are decimal numbers in 0…255.
///
/// Memory stays bounded whatever the file holds: it is read through a fixed buffer, a line may be at most
/// `maximumLineBytes` long, and reading stops at the first frame more than `FinalAnalyzer.maximumDurationSeconds`
/// after the first (the longest reading the engine analyses; that frame is kept, so an analysis still says
/// `too_long`), or refuses a file holding more frames than that span has at the highest frame rate.
public enum MeansCSVReader {
    /// The columns a file must have.
    public static let requiredColumns = ["timestamp_s", "red", "green", "blue"]

    /// The longest line read, bytes (a frame's line is a few dozen).
    public static let maximumLineBytes = 4096

    /// The most frames read: the longest analysed span at the highest frame rate a replay accepts.
    public static let maximumFrames = Int(FinalAnalyzer.maximumDurationSeconds) * VitalsConfiguration.fpsTierRange
        .upperBound + 1

    /// The frames of the file at `path`.
    /// - Throws: `invalidArgument` naming the file and the line of the first problem.
    public static func read(path: String) throws(VitalsError) -> [FrameSample] {
        let source = try FileByteSource.opening(path) {
            VitalsError.invalidArgument("Cannot open '\(path)': \($0.description)")
        }
        return try read(BufferedByteReader(source), name: "'\(path)'")
    }

    /// The frames of CSV text held in memory (`name` names it in messages, as the path does for files).
    /// - Throws: `invalidArgument` naming `name` and the line of the first problem.
    public static func read(bytes: [UInt8], name: String) throws(VitalsError) -> [FrameSample] {
        try read(BufferedByteReader(MemoryByteSource(bytes)), name: name)
    }

    /// Reads lines until the data ends or the span is complete. A line ends at `\n` and at its first NUL byte.
    private static func read(_ reader: BufferedByteReader, name: String) throws(VitalsError) -> [FrameSample] {
        var parser = LineParser(name: name)
        while !parser.isSpanComplete {
            let line: BufferedByteReader.Line?
            do {
                line = try reader.readLine(maximumLength: maximumLineBytes)
            } catch {
                throw .invalidArgument("\(name): \(error.description)")
            }
            switch line {
            case nil:
                return try parser.finish()
            case .complete(let bytes), .unterminated(let bytes):
                try parser.consume(String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self))
            case .tooLong:
                throw .invalidArgument("\(name) line \(parser.lineNumber + 1) is longer than \(maximumLineBytes) "
                    + "bytes: not a CSV of frame means")
            }
        }
        return try parser.finish()
    }

    /// The state of one read: the header's column indices, the frames so far and the line number.
    private struct LineParser {
        let name: String
        var columns: [Int]?
        var frames: [FrameSample] = []
        var lineNumber = 0

        init(name: String) {
            self.name = name
        }

        /// Whether the frames already span more than the longest reading analysed.
        var isSpanComplete: Bool {
            guard let first = frames.first, let last = frames.last else { return false }
            return last.timestamp - first.timestamp > FinalAnalyzer.maximumDurationSeconds
        }

        mutating func consume(_ rawLine: String) throws(VitalsError) {
            lineNumber += 1
            let line = rawLine.trimmingWhitespace()
            if line.isEmpty || line.hasPrefix("#") { return }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
                .map { String($0).trimmingWhitespace() }
            guard let indices = columns else {
                let found = requiredColumns.compactMap { fields.firstIndex(of: $0) }
                guard found.count == requiredColumns.count else {
                    throw .invalidArgument("\(name) line \(lineNumber): the header must name "
                        + requiredColumns.joined(separator: ", "))
                }
                columns = found
                return
            }
            guard frames.count < maximumFrames else {
                let fps = VitalsConfiguration.fpsTierRange.upperBound
                throw .invalidArgument("\(name) holds more than \(maximumFrames) frames within "
                    + "\(Int(FinalAnalyzer.maximumDurationSeconds)) s: more than \(fps) fps (timestamps are seconds)")
            }
            frames.append(try frame(fields, indices))
        }

        func finish() throws(VitalsError) -> [FrameSample] {
            guard columns != nil else { throw .invalidArgument("\(name) has no header line") }
            return frames
        }

        private func frame(_ fields: [String], _ indices: [Int]) throws(VitalsError) -> FrameSample {
            let values = indices.map { $0 < fields.count ? Self.decimal(fields[$0]) : nil }
            guard let timestamp = values[0], let red = values[1], let green = values[2], let blue = values[3] else {
                throw .invalidArgument("\(name) line \(lineNumber): expected decimal numbers in "
                    + requiredColumns.joined(separator: ","))
            }
            for (column, mean) in zip(requiredColumns.dropFirst(), [red, green, blue]) where !(0...255).contains(mean) {
                throw .invalidArgument("\(name) line \(lineNumber): \(column) must be a mean in 0...255 (got \(mean))")
            }
            if let previous = frames.last?.timestamp, timestamp <= previous {
                throw .invalidArgument("\(name) line \(lineNumber): timestamps must increase")
            }
            return FrameSample(timestamp: timestamp, red: red, green: green, blue: blue)
        }

        /// A finite decimal number (digits, sign, point and exponent only: no hex floats, `inf` or `nan`).
        private static func decimal(_ text: String) -> Double? {
            guard text.utf8.allSatisfy({ decimalCharacters.contains($0) }), let value = Double(text),
                  value.isFinite else { return nil }
            return value
        }

        private static let decimalCharacters = Set("0123456789+-.eE".utf8)
    }
}
