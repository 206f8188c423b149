/// What an event is, as a number: the C API hands it beside each event's JSON (`nfv_event_kind`), so a host decides
/// what to do next without reading the JSON. The raw values are the C values: stable, new kinds only at the end.
/// Each kind also holds its row of the wire contract (`contractRow`: when it comes and its keys), so a new event is
/// described where it is numbered.
public enum EventKind: Int32, CaseIterable, Sendable {
    case state = 1
    case guidance = 2
    case started = 3
    case preview = 4
    case heartbeat = 5
    case cancelled = 6
    case reconfiguringCamera = 7
    case recoverableError = 8
    case measurementComplete = 9
    case completed = 10
    case failed = 11
    case recordingError = 12

    /// The event's `type` on the wire.
    public var name: String {
        switch self {
        case .state: "state"
        case .guidance: "guidance"
        case .started: "started"
        case .preview: "preview"
        case .heartbeat: "heartbeat"
        case .cancelled: "cancelled"
        case .reconfiguringCamera: "reconfiguringCamera"
        case .recoverableError: "recoverableError"
        case .measurementComplete: "measurementComplete"
        case .completed: "completed"
        case .failed: "failed"
        case .recordingError: "recordingError"
        }
    }

    /// One line on when the event comes.
    public var summary: String { contractRow.summary }

    /// The event's keys besides `type` and `t`, which every event has.
    public var fields: [WireField] { contractRow.fields }

    /// The event's row of the wire contract (`WireContract.events`).
    private var contractRow: (summary: String, fields: [WireField]) {
        switch self {
        case .state: ("every transition (not the measuring ticks)", [
            .required("state", .enumeration("SessionPhase"), "the new state"),
            .optional("elapsed", .number, unit: "s", "seconds measured so far; only with `measuring`"),
            .optional("result", .object("Result"), "the result; only with `completed`"),
            .optional("error", .object("Error"), "why the session ended; only with `failed`"),
        ])
        case .guidance: ("about once per second while positioning", [
            .required("guidance", .enumeration("Guidance"), "what the user should do"),
            .required("startProgress", .number, "0…1 towards the start of a reading"),
        ])
        case .started: ("a reading began; an empty `preview` follows at once", [])
        case .preview: ("about once per second while measuring", [
            .required("elapsed", .number, unit: "s", "seconds measured so far"),
            .required("progress", .number, "0…1 of the reading's duration"),
            .required("abortRisk", .enumeration("AbortRisk"), "distance to the no-low-discard-estimate cancel"),
            .optional("heartRateBpm", .number, unit: "bpm", "live heart rate, once there is one"),
            .optional("rmssdMs", .number, unit: "ms", "live RMSSD, from about 20 s, sticky"),
            .optional("breathingRateBrpm", .number, unit: "brpm", "live breathing rate, from about 30 s"),
            .optional("signalLevel", .enumeration("SignalLevel"),
                      "smoothed signal level from the first scored preview, lowered ahead of a poor-signal cancel"),
        ])
        case .heartbeat: ("each detected beat while measuring", [
            .optional("ibiMs", .number, unit: "ms", "interval from the previous beat; absent for the first beat and after a gap"),
        ])
        case .cancelled: ("an attempt was abandoned; back to positioning (or idle)", [
            .required("reason", .enumeration("CancelReason"), "the public reason"),
            .required("detail", .string, "the detail token (`contact_lost`, `low_quality`, …, or the host's reason)"),
            .required("context", .object("CancelContext"), "facts about the moment, for logs"),
        ])
        case .reconfiguringCamera: ("the camera dropped to a lower frame-rate tier", [
            .required("fpsTier", .integer, unit: "fps", "the new frame-rate tier"),
            .required("lowPowerMode", .boolean, "always false on Linux"),
        ])
        case .recoverableError: ("the camera stopped delivering frames and was restarted (once per session)", [
            .required("error", .string, "what happened: `cameraStalled`"),
        ])
        case .measurementComplete: ("the duration was captured; the result follows", [])
        case .completed: ("the result; the stream ends after the following `state`", [
            .required("result", .object("Result"), "the reading's result"),
        ])
        case .failed: ("the session ended without a result", [
            .required("error", .object("Error"), "why"),
        ])
        case .recordingError: ("writing the recording failed; the reading goes on", [
            .required("error", .object("Error"), "what failed"),
        ])
        }
    }

    /// The kind whose wire `type` is `name`, if any.
    public init?(name: String) {
        guard let kind = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = kind
    }

    /// Whether this is a session's outcome (`completed` or `failed`): the result a `measurementComplete` promises.
    public var isOutcome: Bool { self == .completed || self == .failed }
}
