import Glibc
import PpgCore

/// Reads per-frame channel means from CSV: a header line naming at least `timestamp_s`, `red`, `green`, `blue`
/// (any order; other columns ignored), then one frame per line. Empty lines and lines starting with `#` are
/// skipped. Timestamps are seconds and must increase.
public enum MeansCSVReader {
    /// The columns a file must have.
    public static let requiredColumns = ["timestamp_s", "red", "green", "blue"]

    /// The frames of the file at `path`.
    /// - Throws: `invalidArgument` naming the file and the line of the first problem.
    public static func read(path: String) throws(VitalsError) -> [FrameSample] {
        guard let file = fopen(path, "r") else {
            throw .invalidArgument("Cannot open '\(path)': \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        var parser = LineParser(name: "'\(path)'")
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(buffer) }
        while getline(&buffer, &capacity, file) >= 0, let buffer {
            try parser.consume(String(cString: buffer))
        }
        return try parser.finish()
    }

    /// The frames of CSV text held in memory (`name` names it in messages, as the path does for files). A line
    /// ends at `\n` and, as in a file read with `read(path:)`, at its first NUL byte.
    /// - Throws: `invalidArgument` naming `name` and the line of the first problem.
    public static func read(bytes: [UInt8], name: String) throws(VitalsError) -> [FrameSample] {
        var parser = LineParser(name: name)
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        for line in lines {
            try parser.consume(String(decoding: line.prefix { $0 != 0 }, as: UTF8.self))
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
            frames.append(try frame(fields, indices))
        }

        func finish() throws(VitalsError) -> [FrameSample] {
            guard columns != nil else { throw .invalidArgument("\(name) has no header line") }
            return frames
        }

        private func frame(_ fields: [String], _ indices: [Int]) throws(VitalsError) -> FrameSample {
            let values = indices.map { $0 < fields.count ? Double(fields[$0]) : nil }
            guard values.allSatisfy({ $0?.isFinite == true }) else {
                throw .invalidArgument("\(name) line \(lineNumber): expected numbers in "
                    + requiredColumns.joined(separator: ","))
            }
            if let previous = frames.last?.timestamp, values[0]! <= previous {
                throw .invalidArgument("\(name) line \(lineNumber): timestamps must increase")
            }
            return FrameSample(timestamp: values[0]!, red: values[1]!, green: values[2]!, blue: values[3]!)
        }
    }
}
