import StrictJSON

/// Writes a recording (docs/recording-format.md): the header at once, then one line per record, buffered and
/// written out at least once per second of sample time, so a process killed mid-reading leaves a file readable up
/// to its last second.
///
/// Errors never throw out of `append` or stop the caller: the first failure is kept in `error` (and returned), the
/// writer stops writing, and lines written before it stay intact. A record with a non-finite number is skipped with
/// `.nonFiniteValue` without failing the writer.
public final class RecordingWriter {
    /// Sample-time seconds between writes to the output.
    public static let flushInterval = 1.0
    /// Buffered bytes that force a write whatever the sample time.
    static let bufferLimit = 1 << 16

    private let output: any RecordingOutput
    private var buffer: [UInt8] = []
    private var lastFlushTimestamp: Double?
    private var isClosed = false
    private var isCommitted = false

    /// The first failure of the output (`io`, `fileRemoved`); once set, nothing more is written.
    public private(set) var error: RecordingError?

    /// Creates the file at `path` and writes the header. Throws when the file cannot be created or the header
    /// cannot be written.
    public convenience init(path: String, header: RecordingHeader) throws(RecordingError) {
        try self.init(output: FileRecordingOutput(path: path), header: header)
    }

    /// Writes the header to `output` at once. Throws when it cannot be written (the output is discarded: no empty
    /// or partial file is left behind).
    public init(output: any RecordingOutput, header: RecordingHeader) throws(RecordingError) {
        self.output = output
        encode(.header(header))
        if let failure = flush() {
            output.discard()
            throw failure
        }
    }

    /// Commits the output (once): the first frame, or the close, puts the file in its place.
    private func commit() -> RecordingError? {
        guard !isCommitted, error == nil else { return error }
        isCommitted = true
        do throws(RecordingError) {
            try output.commit()
        } catch {
            self.error = error
        }
        return error
    }

    /// Buffers one record (frames, motion, camera, markers); writes the buffer when a second of sample time has
    /// passed since the last write. Returns the writer's failure, if any, or `.nonFiniteValue` for a skipped record.
    @discardableResult
    public func append(_ record: RecordingRecord) -> RecordingError? {
        if isClosed { return error ?? .closed }
        guard error == nil else { return error }
        guard record.numbers.allSatisfy(\.isFinite) else { return .nonFiniteValue(record.typeName) }
        if case .frame = record, let failure = commit() { return failure }
        encode(record)
        if let timestamp = record.timestamp {
            // `abs`: a clock that jumps back (a host restarting its timestamps) must not stop the writes.
            if let last = lastFlushTimestamp, abs(timestamp - last) < Self.flushInterval,
               buffer.count < Self.bufferLimit {
                return nil
            }
            lastFlushTimestamp = timestamp
        } else if buffer.count < Self.bufferLimit {
            return nil
        }
        return flush()
    }

    /// Writes the buffered lines to the output now. Returns the writer's failure, if any.
    @discardableResult
    public func flush() -> RecordingError? {
        guard error == nil, !buffer.isEmpty else { return error }
        error = buffer.withUnsafeBytes { bytes in
            do throws(RecordingError) {
                try output.write(bytes)
                try output.checkStillPresent()
                return nil
            } catch {
                return error
            }
        }
        buffer.removeAll(keepingCapacity: true)
        return error
    }

    /// Writes the end line (when `reason` is given), flushes and closes the output. Further appends return
    /// `.closed`. Returns the writer's failure, if any.
    @discardableResult
    public func close(timestamp: Double?, reason: String?) -> RecordingError? {
        guard !isClosed else { return error }
        if let reason, error == nil {
            encode(.end(timestamp: timestamp?.isFinite == true ? timestamp : nil, reason: reason))
        }
        let result = flush() ?? commit()
        output.close()
        isClosed = true
        return result
    }

    deinit {
        if !isClosed {
            flush()
            _ = commit()
            output.close()
        }
    }

    private func encode(_ record: RecordingRecord) {
        buffer.append(contentsOf: record.jsonValue.serialized().utf8)
        buffer.append(UInt8(ascii: "\n"))
    }
}

extension RecordingRecord {
    /// The line's `type`.
    var typeName: String {
        switch self {
        case .header: "header"
        case .frame: "frame"
        case .motion: "motion"
        case .camera: "camera"
        case .marker: "marker"
        case .anchor: "anchor"
        case .control: "control"
        case .end: "end"
        }
    }
}
