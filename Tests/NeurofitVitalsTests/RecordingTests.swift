import Glibc
@testable import NeurofitVitals
import PpgCore
import Testing
import StrictJSON

/// Files for the recording and Y4M tests.
enum ReplayTestFiles {
    /// Calls `body` with the path of a file `name` in a fresh directory under /tmp, removed afterwards.
    static func withTemporaryFile(_ name: String, _ body: (String) throws -> Void) throws {
        var template = Array("/tmp/nfv-test-XXXXXX".utf8CString)
        let directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        defer {
            unlink(directory + "/" + name)
            rmdir(directory)
        }
        try body(directory + "/" + name)
    }

    /// The whole content of a file.
    static func bytes(_ path: String) throws -> [UInt8] {
        let reader = try FileByteSource(path: path)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = try chunk.withUnsafeMutableBytes { try reader.read(into: $0) }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
    }

    /// Writes `bytes` to a new file at `path`.
    static func write(_ path: String, _ bytes: [UInt8]) throws {
        let output = try FileRecordingOutput(path: path)
        try bytes.withUnsafeBytes { try output.write($0) }
        try output.commit()
        output.close()
    }
}

private let header = RecordingHeader(sdkVersion: "1.0.0", engineVersion: "1.3.0", startedAt: "2026-01-02T03:04:05Z",
                                     configuration: VitalsConfiguration().jsonValue,
                                     source: .object(["kind": .string("host"), "format": .string("nv12")]))

/// An output that keeps what it was given in memory and can be told to fail.
private final class MemoryOutput: RecordingOutput {
    var bytes: [UInt8] = []
    var failure: RecordingError?

    func write(_ bytes: UnsafeRawBufferPointer) throws(RecordingError) {
        if let failure { throw failure }
        self.bytes += bytes
    }

    func checkStillPresent() throws(RecordingError) {}

    func close() {}

    var lineCount: Int { bytes.filter { $0 == UInt8(ascii: "\n") }.count }
}

/// An output writing to a real file that fails with ENOSPC once `budget` bytes have been written.
private final class DiskFullOutput: RecordingOutput {
    let file: FileRecordingOutput
    var budget: Int

    init(path: String, budget: Int) throws {
        file = try FileRecordingOutput(path: path)
        self.budget = budget
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws(RecordingError) {
        let allowed = min(budget, bytes.count)
        try file.write(UnsafeRawBufferPointer(rebasing: bytes[..<allowed]))
        budget -= allowed
        if allowed < bytes.count { throw .io(FileIOError(operation: "write", path: file.path, code: ENOSPC)) }
    }

    func checkStillPresent() throws(RecordingError) { try file.checkStillPresent() }

    func close() { file.close() }

    func commit() throws(RecordingError) { try file.commit() }

    func discard() { file.discard() }
}

/// Frames at 30 fps with awkward values (and every fourth without a saturated fraction).
private func sampleRecords(count: Int, seed: UInt64) -> [RecordingRecord] {
    var generator = ReplayTestRandom(seed: seed)
    return (0..<count).map { index in
        let timestamp = 1234.5678 + Double(index) / 30 + Double.random(in: 0..<1e-4, using: &generator)
        if index % 10 == 5 {
            return .motion(MotionSample(timestamp: timestamp, x: .random(in: -20...20, using: &generator),
                                        y: -0.0, z: 9.80665))
        }
        return .frame(FrameSample(timestamp: timestamp, red: .random(in: 0...255, using: &generator),
                                  green: Double(index % 3) * 0.1, blue: .random(in: 0...1e-300, using: &generator),
                                  saturatedFraction: index % 4 == 0 ? nil : .random(in: 0...1, using: &generator)))
    }
}

@Suite struct RecordingTests {
    @Test(arguments: ["1.1", "1.0", "1.17"]) func majorMinorVersionsOfThisMajorAreRead(version: String) {
        #expect(RecordingReader.isReadable(version))
    }

    @Test(arguments: ["1", "1.", ".1", "1.1.1", "2.0", "1.x", "01 .1", "?", ""])
    func anythingButMajorDotMinorOfThisMajorIsRefused(version: String) {
        #expect(!RecordingReader.isReadable(version))
    }

    @Test func recordsRoundTripBitForBit() throws {
        try ReplayTestFiles.withTemporaryFile("reading.nfvrec") { path in
            // About 110 KB: lines cross the reader's 64 KiB buffer boundary.
            var records = sampleRecords(count: 1500, seed: 1)
            let settings = JSONValue.object(["exposure": .number(300), "torch": .bool(true)])
            records.insert(.camera(timestamp: 1234.5, settings: settings), at: 0)
            records.append(.marker(timestamp: 1244.5, name: "started", detail: nil))
            records.append(.marker(timestamp: 1244.6, name: "cancelled", detail: .object(["reason": .string("host")])))
            let writer = try RecordingWriter(path: path, header: header)
            for record in records { #expect(writer.append(record) == nil) }
            #expect(writer.close(timestamp: 1250, reason: "completed") == nil)

            let reader = try RecordingReader(path: path)
            #expect(reader.header == header)
            let readBack = try reader.readAll()
            #expect(readBack == records + [.end(timestamp: 1250, reason: "completed")])
            #expect(reader.truncatedLineNumber == nil)
            for (written, read) in zip(records, readBack) {
                if case .frame(let a) = written, case .frame(let b) = read {
                    #expect([a.timestamp, a.red, a.green, a.blue].map(\.bitPattern)
                        == [b.timestamp, b.red, b.green, b.blue].map(\.bitPattern))
                }
                if case .motion(let a) = written, case .motion(let b) = read {
                    #expect(a.y.bitPattern == b.y.bitPattern && a.x.bitPattern == b.x.bitPattern)
                }
            }
        }
    }

    @Test func linesAreSortedJSONWithTheDocumentedKeys() throws {
        let output = MemoryOutput()
        let writer = try RecordingWriter(output: output, header: header)
        writer.append(.frame(FrameSample(timestamp: 2, red: 180.25, green: 0, blue: 20, saturatedFraction: 0.5)))
        writer.append(.motion(MotionSample(timestamp: 2.01, x: 0.5, y: -1, z: 9.75)))
        writer.append(.anchor(timestamp: 2, readingId: "R", wallTime: 1_800_000_000.25))
        writer.append(.control(timestamp: 2.2, .hostCancel(reason: "user \"left\"")))
        writer.append(.control(timestamp: 2.3, .interrupted(.cameraReconfigured, tier: 30)))
        writer.close(timestamp: 2.5, reason: "stopped")
        let lines = String(decoding: output.bytes, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 7)
        #expect(lines[0].hasPrefix(#"{"configuration":{"advanced":{"#))
        #expect(lines[0].hasSuffix(#""engineVersion":"1.3.0","format":"neurofit-vitals-recording","#
            + #""sdkVersion":"1.0.0","source":{"format":"nv12","kind":"host"},"#
            + #""startedAt":"2026-01-02T03:04:05Z","type":"header","version":"1.1"}"#))
        #expect(lines[1] == #"{"b":20,"g":0,"r":180.25,"s":0.5,"t":2,"type":"frame"}"#)
        #expect(lines[2] == #"{"t":2.01,"type":"motion","x":0.5,"y":-1,"z":9.75}"#)
        #expect(lines[3] == #"{"id":"R","t":2,"type":"anchor","wall":1800000000.25}"#)
        #expect(lines[4] == #"{"control":"hostCancel","reason":"user \"left\"","t":2.2,"type":"control"}"#)
        #expect(lines[5] == #"{"control":"interrupted","detail":"camera_reconfigured","reason":"interrupted","#
            + #""t":2.3,"tier":30,"type":"control"}"#)
        #expect(lines[6] == #"{"reason":"stopped","t":2.5,"type":"end"}"#)
        let records = try RecordingReader(source: MemoryByteSource(output.bytes)).readAll()
        #expect(records.contains(.control(timestamp: 2.2, .hostCancel(reason: "user \"left\""))))
        #expect(records.contains(.control(timestamp: 2.3, .interrupted(.cameraReconfigured, tier: 30))))
        #expect(records.contains(.anchor(timestamp: 2, readingId: "R", wallTime: 1_800_000_000.25)))
    }

    @Test func bufferIsWrittenOncePerSecondOfSampleTime() throws {
        let output = MemoryOutput()
        let writer = try RecordingWriter(output: output, header: header)
        #expect(output.lineCount == 1)
        writer.append(.frame(FrameSample(timestamp: 10, red: 1, green: 1, blue: 1)))
        #expect(output.lineCount == 2)
        for index in 1..<30 {
            writer.append(.frame(FrameSample(timestamp: 10 + Double(index) / 30, red: 1, green: 1, blue: 1)))
        }
        #expect(output.lineCount == 2)
        writer.append(.frame(FrameSample(timestamp: 11, red: 1, green: 1, blue: 1)))
        #expect(output.lineCount == 32)
        writer.append(.frame(FrameSample(timestamp: 11.5, red: 1, green: 1, blue: 1)))
        #expect(output.lineCount == 32)
        writer.flush()
        #expect(output.lineCount == 33)
        // A clock that jumps back by more than a second still triggers a write.
        writer.append(.frame(FrameSample(timestamp: 3, red: 1, green: 1, blue: 1)))
        #expect(output.lineCount == 34)
    }

    @Test func truncatedLastLineIsReportedAndEarlierRecordsKept() throws {
        try ReplayTestFiles.withTemporaryFile("cut.nfvrec") { path in
            let records = sampleRecords(count: 40, seed: 2)
            let writer = try RecordingWriter(path: path, header: header)
            for record in records { writer.append(record) }
            writer.close(timestamp: nil, reason: nil)
            var bytes = try ReplayTestFiles.bytes(path)
            bytes.removeLast(12)
            try ReplayTestFiles.write(path, bytes)

            let reader = try RecordingReader(path: path)
            #expect(try reader.readAll() == Array(records.dropLast()))
            #expect(reader.truncatedLineNumber == 41)
        }
    }

    @Test func corruptLineIsNamedByNumber() throws {
        let output = MemoryOutput()
        let writer = try RecordingWriter(output: output, header: header)
        writer.append(.frame(FrameSample(timestamp: 1, red: 1, green: 2, blue: 3)))
        writer.flush()
        output.bytes += Array(#"{"t":1.1,"type":"frame","r":"x"}"#.utf8) + [10]
        output.bytes += Array("garbage\n".utf8)
        let reader = try RecordingReader(source: MemoryByteSource(output.bytes))
        #expect(try reader.next() == .frame(FrameSample(timestamp: 1, red: 1, green: 2, blue: 3)))
        #expect(throws: RecordingReadError.corruptLine(number: 3, reason: "'r' is not a number")) { try reader.next() }
        #expect(throws: RecordingReadError.corruptLine(number: 4, reason: "unexpected character at byte 0")) {
            try reader.next()
        }
    }

    @Test func overlongLineIsCorruptNotATruncation() throws {
        let output = MemoryOutput()
        let writer = try RecordingWriter(output: output, header: header)
        writer.flush()
        output.bytes += Array(#"{"type":"marker","t":1,"name":""#.utf8) + [UInt8](repeating: 65, count: 1 << 20)
            + Array("\"}\n".utf8)
        writer.append(.frame(FrameSample(timestamp: 2, red: 1, green: 2, blue: 3)))
        writer.flush()
        let reader = try RecordingReader(source: MemoryByteSource(output.bytes))
        #expect(throws: RecordingReadError.corruptLine(number: 2, reason: "longer than 1048576 bytes")) {
            try reader.next()
        }
        #expect(try reader.next() == .frame(FrameSample(timestamp: 2, red: 1, green: 2, blue: 3)))
    }

    @Test func unknownMajorVersionIsRejected() {
        let line = #"{"type":"header","format":"neurofit-vitals-recording","version":"2.0"}"# + "\n"
        #expect(throws: RecordingReadError.unsupportedVersion("2.0")) {
            try RecordingReader(source: MemoryByteSource(Array(line.utf8)))
        }
        #expect(RecordingReadError.unsupportedVersion("2.0").description
            == "unsupported recording version 2.0 (this library reads 1.x)")
    }

    @Test func newerMinorVersionsAreReadSkippingUnknownLines() throws {
        let text = #"""
            {"type":"header","format":"neurofit-vitals-recording","version":"1.7","sdkVersion":"1.2.0",\#
            "engineVersion":"1.4.0","startedAt":"x","configuration":{},"source":{},"extra":1}
            {"type":"hologram","t":1}
            {"type":"frame","t":1,"r":2,"g":3,"b":4,"exposure":5}

            """#
        let reader = try RecordingReader(source: MemoryByteSource(Array(text.utf8)))
        #expect(reader.header.version == "1.7")
        #expect(try reader.readAll() == [.frame(FrameSample(timestamp: 1, red: 2, green: 3, blue: 4))])
    }

    @Test func filesWithoutAHeaderAreRejected() throws {
        #expect(throws: RecordingReadError.missingHeader("the file is empty")) {
            try RecordingReader(source: MemoryByteSource([]))
        }
        #expect(throws: RecordingReadError.missingHeader("line 1 is not a neurofit-vitals-recording header")) {
            try RecordingReader(source: MemoryByteSource(Array("timestamp_s,red,green,blue\n".utf8)))
        }
        #expect(throws: RecordingReadError.io(FileIOError(operation: "open", path: "/nonexistent/x", code: ENOENT))) {
            try RecordingReader(path: "/nonexistent/x")
        }
    }

    @Test func fullDiskIsReportedAndEarlierLinesStayReadable() throws {
        // A device is refused before anything is written (it cannot hold a recording); a full disk is modelled.
        #expect(throws: RecordingError.io(FileIOError(operation: "create", path: "/dev/full", code: EINVAL))) {
            try RecordingWriter(path: "/dev/full", header: header)
        }
        try ReplayTestFiles.withTemporaryFile("full.nfvrec") { path in
            let records = sampleRecords(count: 200, seed: 3)
            let output = try DiskFullOutput(path: path, budget: 6_000)
            let writer = try RecordingWriter(output: output, header: header)
            var failures = 0
            for record in records where writer.append(record) != nil { failures += 1 }
            #expect(failures > 0)
            #expect(writer.error == .io(FileIOError(operation: "write", path: path, code: ENOSPC)))
            #expect(writer.close(timestamp: 10, reason: "completed") == writer.error)

            let reader = try RecordingReader(path: path)
            let readBack = try reader.readAll()
            #expect(!readBack.isEmpty)
            #expect(readBack == Array(records.prefix(readBack.count)))
            #expect(reader.truncatedLineNumber == readBack.count + 2)
        }
    }

    @Test func deletedFileIsReportedAtTheNextWrite() throws {
        try ReplayTestFiles.withTemporaryFile("gone.nfvrec") { path in
            let writer = try RecordingWriter(path: path, header: header)
            #expect(writer.append(.frame(FrameSample(timestamp: 0, red: 1, green: 1, blue: 1))) == nil)
            #expect(unlink(path) == 0)
            #expect(writer.append(.frame(FrameSample(timestamp: 0.5, red: 1, green: 1, blue: 1))) == nil)
            #expect(writer.append(.frame(FrameSample(timestamp: 1.0, red: 1, green: 1, blue: 1))) == .fileRemoved(path))
            #expect(writer.append(.frame(FrameSample(timestamp: 2.0, red: 1, green: 1, blue: 1))) == .fileRemoved(path))
            #expect(writer.close(timestamp: 2, reason: "completed") == .fileRemoved(path))
            #expect(writer.append(.marker(timestamp: 3, name: "late", detail: nil)) == .fileRemoved(path))
        }
    }

    @Test func nonFiniteRecordsAreSkippedWithoutFailingTheWriter() throws {
        let output = MemoryOutput()
        let writer = try RecordingWriter(output: output, header: header)
        #expect(writer.append(.frame(FrameSample(timestamp: 1, red: .nan, green: 1, blue: 1)))
            == .nonFiniteValue("frame"))
        #expect(writer.append(.motion(MotionSample(timestamp: 1, x: .infinity, y: 0, z: 0)))
            == .nonFiniteValue("motion"))
        #expect(writer.append(.frame(FrameSample(timestamp: 2, red: 1, green: 1, blue: 1))) == nil)
        #expect(writer.error == nil)
        writer.close(timestamp: nil, reason: "stopped")
        let reader = try RecordingReader(source: MemoryByteSource(output.bytes))
        #expect(try reader.readAll() == [.frame(FrameSample(timestamp: 2, red: 1, green: 1, blue: 1)),
                                         .end(timestamp: nil, reason: "stopped")])
    }
}
