import Glibc
import PpgCore

/// Reads frames from a CSV file: a header line naming at least `timestamp_s`, `red`, `green`, `blue` (any order,
/// other columns ignored), then one frame per line. Empty lines and lines starting with `#` are skipped.
enum FrameCsvReader {
    /// Why a file could not be read.
    struct Problem: Error {
        let message: String
    }

    static let requiredColumns = ["timestamp_s", "red", "green", "blue"]

    /// The frames of the file at `path`, or the first problem found.
    static func read(path: String) -> Result<[FrameSample], Problem> {
        guard let file = fopen(path, "r") else { return .failure(Problem(message: "cannot open '\(path)'")) }
        defer { fclose(file) }
        var columns: [Int]? = nil
        var frames: [FrameSample] = []
        var lineNumber = 0
        var buffer: UnsafeMutablePointer<CChar>? = nil
        var capacity = 0
        defer { free(buffer) }
        while getline(&buffer, &capacity, file) >= 0, let buffer {
            lineNumber += 1
            let line = String(cString: buffer).trimmingLineEnd()
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
                .map { String($0).trimmingCharacters() }
            guard let indices = columns else {
                let found = requiredColumns.map { name in fields.firstIndex(of: name) }
                guard found.allSatisfy({ $0 != nil }) else {
                    return .failure(Problem(message: "the header must name timestamp_s, red, green and blue"))
                }
                columns = found.compactMap { $0 }
                continue
            }
            let values = indices.map { $0 < fields.count ? Double(fields[$0]) : nil }
            guard values.allSatisfy({ $0?.isFinite == true }) else {
                return .failure(Problem(message: "line \(lineNumber): expected numbers in timestamp_s,red,green,blue"))
            }
            frames.append(FrameSample(timestamp: values[0]!, red: values[1]!, green: values[2]!, blue: values[3]!))
        }
        guard columns != nil else { return .failure(Problem(message: "the file has no header line")) }
        return .success(frames)
    }
}

extension String {
    /// The string without a trailing newline or carriage return.
    func trimmingLineEnd() -> String {
        var scalars = unicodeScalars
        while let last = scalars.last, last == "\n" || last == "\r" { scalars.removeLast() }
        return String(scalars)
    }

    /// The string without leading and trailing spaces.
    func trimmingCharacters() -> String {
        let scalars = unicodeScalars.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()
        return String(String.UnicodeScalarView(scalars))
    }
}
