@testable import PpgCore
@testable import NeurofitVitals

/// `nfv_session_use_replay` on a recording: the reader (on memory, as on a file) returns records or a
/// `RecordingReadError`, never traps; the records it returns, written again by `RecordingWriter`, read back equal.
enum RecordingFuzz {
    /// Most records read per input.
    static let recordLimit = 20_000

    static func run(_ bytes: [UInt8]) {
        let reader: RecordingReader
        do {
            reader = try RecordingReader(source: MemoryByteSource(bytes))
        } catch {
            if error.description.isEmpty { violated("an empty recording error message") }
            return
        }
        var records: [RecordingRecord] = []
        do {
            while records.count < recordLimit, let record = try reader.next() { records.append(record) }
        } catch {
            return
        }
        expectRewrittenEqual(header: reader.header, records: records)
    }

    /// Writes the header and records to memory and reads them back.
    private static func expectRewrittenEqual(header: RecordingHeader, records: [RecordingRecord]) {
        let output = MemoryRecordingOutput()
        guard let writer = try? RecordingWriter(output: output, header: header) else {
            violated("the writer refused a header the reader accepted")
        }
        let written = records.filter { writer.append($0) == nil }
        writer.close(timestamp: nil, reason: nil)
        guard let reread = try? RecordingReader(source: MemoryByteSource(output.bytes)),
              let rereadRecords = try? reread.readAll() else {
            violated("a rewritten recording does not read back")
        }
        guard reread.header == header, rereadRecords == written else {
            violated("records do not round-trip through the writer")
        }
    }
}

/// A `RecordingOutput` that keeps the bytes in memory.
final class MemoryRecordingOutput: RecordingOutput {
    private(set) var bytes: [UInt8] = []

    func write(_ bytes: UnsafeRawBufferPointer) throws(RecordingError) {
        self.bytes.append(contentsOf: bytes)
    }

    func checkStillPresent() throws(RecordingError) {}

    func close() {}
}
