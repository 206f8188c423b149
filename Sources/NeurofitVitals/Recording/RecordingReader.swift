import PpgCore
import StrictJSON

/// Streams the records of a recording back, one line at a time, without loading the file.
///
/// The header is read and checked on creation (format name, major version). `next()` returns the following
/// records in file order and nil at the end. A last line cut short by a killed writer (no newline, not a complete
/// record) is not an error: reading stops before it and `truncatedLineNumber` names it. Any other bad line throws
/// `.corruptLine` with its number. Lines of a `type` this version does not know are skipped (newer minor versions
/// may add them); unknown keys are ignored.
public final class RecordingReader {
    /// Longest line accepted, in bytes.
    static let maximumLineLength = 1 << 20

    private let reader: BufferedByteReader
    private var lineNumber = 1

    /// The header (line 1).
    public let header: RecordingHeader
    /// The number of a last line that was cut short and skipped, once reading reached it.
    public private(set) var truncatedLineNumber: Int?

    /// Opens the file at `path` and reads its header.
    public convenience init(path: String) throws(RecordingReadError) {
        try self.init(source: FileByteSource.opening(path, wrap: RecordingReadError.io))
    }

    /// Reads a recording from `source`, starting with its header.
    public init(source: any ByteSource) throws(RecordingReadError) {
        reader = BufferedByteReader(source)
        guard let line = try Self.readLine(reader) else { throw .missingHeader("the file is empty") }
        guard case .complete(let bytes) = line else { throw .missingHeader("line 1 is not a complete line") }
        let header = try Self.parseHeader(bytes)
        self.header = header
    }

    /// The next record after the header, or nil at the end of the file (or before a truncated last line).
    public func next() throws(RecordingReadError) -> RecordingRecord? {
        while let line = try Self.readLine(reader) {
            lineNumber += 1
            let value: JSONValue
            switch line {
            case .tooLong:
                throw .corruptLine(number: lineNumber, reason: "longer than \(Self.maximumLineLength) bytes")
            case .unterminated(let bytes):
                guard let complete = try? Self.parse(bytes) else {
                    truncatedLineNumber = lineNumber
                    return nil
                }
                value = complete
            case .complete(let bytes):
                do {
                    value = try Self.parse(bytes)
                } catch {
                    throw .corruptLine(number: lineNumber, reason: error.description)
                }
            }
            do {
                if let record = try RecordingRecord(jsonValue: value) { return record }
            } catch {
                throw .corruptLine(number: lineNumber, reason: error.reason)
            }
        }
        return nil
    }

    /// Every remaining record.
    public func readAll() throws(RecordingReadError) -> [RecordingRecord] {
        var records: [RecordingRecord] = []
        while let record = try next() { records.append(record) }
        return records
    }

    private static func readLine(_ reader: BufferedByteReader) throws(RecordingReadError)
        -> BufferedByteReader.Line? {
        do {
            return try reader.readLine(maximumLength: maximumLineLength)
        } catch {
            throw .io(error)
        }
    }

    private static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        var failure: JSONParseError?
        let value = bytes.withUnsafeBufferPointer { buffer -> JSONValue? in
            do throws(JSONParseError) {
                return try JSONValue(parsing: buffer)
            } catch {
                failure = error
                return nil
            }
        }
        if let failure { throw failure }
        return value!
    }

    /// Whether `version` is `MAJOR.MINOR` (digits only) with this library's major version: "1", "1." and "1.1.1"
    /// are not versions this format writes.
    static func isReadable(_ version: String) -> Bool {
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (48...57).contains($0) } })
        else { return false }
        return parts[0] == "\(RecordingHeader.majorVersion)"
    }

    private static func parseHeader(_ line: [UInt8]) throws(RecordingReadError) -> RecordingHeader {
        guard let value = try? parse(line), let members = value.objectValue,
              members["type"] == .string("header"), members["format"] == .string(RecordingHeader.formatName) else {
            throw .missingHeader("line 1 is not a \(RecordingHeader.formatName) header")
        }
        let version = members["version"]?.stringValue ?? "?"
        guard isReadable(version) else { throw .unsupportedVersion(version) }
        let record: RecordingRecord?
        do {
            record = try RecordingRecord(jsonValue: value)
        } catch {
            throw .corruptLine(number: 1, reason: error.reason)
        }
        guard case .header(let header)? = record else { throw .missingHeader("line 1 is not a header") }
        return header
    }
}
