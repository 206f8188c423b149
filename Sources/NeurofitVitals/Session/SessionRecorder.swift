import PpgCore

/// Writes what a session consumed to a recording (docs/recording-format.md): every frame and motion
/// sample its source delivered, the identity anchor at the first frame, host commands and source notices in
/// order. A write failure is reported once; the reading goes on and what was written stays readable.
final class SessionRecorder {
    /// The recording file.
    private let writer: RecordingWriter
    /// Whether a write failure was reported (only the first one is).
    private var reported = false
    /// Timestamp of the latest frame recorded: what later commands and the end line are stamped with.
    private(set) var lastTimestamp: Double?

    /// Creates the file and writes its header.
    /// - Throws: `invalidArgument` naming the path when the file cannot be created.
    init(path: String, configuration: VitalsConfiguration, source: SourceInfo, startedAt: String) throws(VitalsError) {
        let header = RecordingHeader(
            sdkVersion: SDKVersion.string, engineVersion: SDKVersion.engine, startedAt: startedAt,
            configuration: configuration.jsonValue, source: source.recordingDescription)
        do {
            writer = try RecordingWriter(path: path, header: header)
        } catch {
            throw .invalidArgument("Cannot record to \(path): \(error.description)")
        }
    }

    /// Appends a record; returns the first write error as an event-ready error (nil afterwards and on success).
    func record(_ record: RecordingRecord) -> VitalsError? {
        if let timestamp = record.timestamp, case .frame = record { lastTimestamp = timestamp }
        return report(writer.append(record))
    }

    /// Writes the end line and closes the file.
    func close(reason: String) -> VitalsError? {
        report(writer.close(timestamp: lastTimestamp, reason: reason))
    }

    /// `error` as the event-ready error to report, the first time only; nil afterwards and without one.
    private func report(_ error: RecordingError?) -> VitalsError? {
        guard let error, !reported else { return nil }
        reported = true
        return .internalError("The recording stopped: \(error.description). The reading goes on; everything "
            + "written before stays readable")
    }
}
