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
        var columns: [Int]?
        var frames: [FrameSample] = []
        var lineNumber = 0
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(buffer) }
        while getline(&buffer, &capacity, file) >= 0, let buffer {
            lineNumber += 1
            let line = String(cString: buffer).trimmingWhitespace()
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
                .map { String($0).trimmingWhitespace() }
            guard let indices = columns else {
                let found = requiredColumns.compactMap { fields.firstIndex(of: $0) }
                guard found.count == requiredColumns.count else {
                    throw .invalidArgument("'\(path)' line \(lineNumber): the header must name "
                        + requiredColumns.joined(separator: ", "))
                }
                columns = found
                continue
            }
            frames.append(try frame(fields, indices, line: lineNumber, after: frames.last?.timestamp, path: path))
        }
        guard columns != nil else { throw .invalidArgument("'\(path)' has no header line") }
        return frames
    }

    private static func frame(_ fields: [String], _ indices: [Int], line: Int, after previous: Double?,
                              path: String) throws(VitalsError) -> FrameSample {
        let values = indices.map { $0 < fields.count ? Double(fields[$0]) : nil }
        guard values.allSatisfy({ $0?.isFinite == true }) else {
            throw .invalidArgument("'\(path)' line \(line): expected numbers in "
                + requiredColumns.joined(separator: ","))
        }
        if let previous, values[0]! <= previous {
            throw .invalidArgument("'\(path)' line \(line): timestamps must increase")
        }
        return FrameSample(timestamp: values[0]!, red: values[1]!, green: values[2]!, blue: values[3]!)
    }
}
