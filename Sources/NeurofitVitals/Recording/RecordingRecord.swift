import PpgCore
import StrictJSON

/// One line of a recording. Timestamps are seconds on the frames' monotonic clock.
public enum RecordingRecord: Sendable, Equatable {
    /// The first line.
    case header(RecordingHeader)
    /// A consumed frame, reduced to its channel means.
    case frame(FrameSample)
    /// An accelerometer sample.
    case motion(MotionSample)
    /// The camera's settings changed (exposure, gain, torch, format, fps …), from `timestamp` on.
    case camera(timestamp: Double, settings: JSONValue)
    /// Something worth finding again when reading the file: a state change, a cancel, a host note.
    case marker(timestamp: Double, name: String, detail: JSONValue?)
    /// The session's identity: its reading id and the wall-clock time (Unix seconds) of the frame at `timestamp`,
    /// the first one it consumed. A replay derives `id` and `capturedAt` from it (format 1.1).
    case anchor(timestamp: Double, readingId: String, wallTime: Double)
    /// A host command or source notice applied after the frames before it (format 1.1).
    case control(timestamp: Double?, RecordedControl)
    /// The last line: the recording ended normally (`reason`: the state the session ended in, `completed`,
    /// `failed` or `idle`).
    case end(timestamp: Double?, reason: String)

    /// The numbers a line carries that must be finite for the line to round-trip.
    var numbers: [Double] {
        switch self {
        case .header, .end(nil, _): []
        case .frame(let sample):
            [sample.timestamp, sample.red, sample.green, sample.blue, sample.saturatedFraction ?? 0]
        case .motion(let sample): [sample.timestamp, sample.x, sample.y, sample.z]
        case .camera(let timestamp, _), .marker(let timestamp, _, _), .end(let timestamp?, _),
             .control(let timestamp?, _): [timestamp]
        case .anchor(let timestamp, _, let wall): [timestamp, wall]
        case .control(nil, _): []
        }
    }

    /// The sample-clock time of the record, when it has one.
    var timestamp: Double? {
        switch self {
        case .header: nil
        case .frame(let sample): sample.timestamp
        case .motion(let sample): sample.timestamp
        case .camera(let timestamp, _), .marker(let timestamp, _, _), .anchor(let timestamp, _, _): timestamp
        case .end(let timestamp, _), .control(let timestamp, _): timestamp
        }
    }
}
