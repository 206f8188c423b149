import PpgCore
import StrictJSON

extension RecordingRecord {
    /// The record as the JSON object of its line (see docs/recording-format.md).
    var jsonValue: JSONValue {
        switch self {
        case .header(let header):
            .object([
                "type": .string("header"), "format": .string(RecordingHeader.formatName),
                "version": .string(header.version), "sdkVersion": .string(header.sdkVersion),
                "engineVersion": .string(header.engineVersion), "startedAt": .string(header.startedAt),
                "configuration": header.configuration, "source": header.source,
            ])
        case .frame(let sample):
            .object([
                "type": .string("frame"), "t": .number(sample.timestamp), "r": .number(sample.red),
                "g": .number(sample.green), "b": .number(sample.blue),
                "s": sample.saturatedFraction.map(JSONValue.number),
            ].compactMapValues { $0 })
        case .motion(let sample):
            .object([
                "type": .string("motion"), "t": .number(sample.timestamp), "x": .number(sample.x),
                "y": .number(sample.y), "z": .number(sample.z),
            ])
        case .camera(let timestamp, let settings):
            .object(["type": .string("camera"), "t": .number(timestamp), "settings": settings])
        case .marker(let timestamp, let name, let detail):
            .object([
                "type": .string("marker"), "t": .number(timestamp), "name": .string(name), "detail": detail,
            ].compactMapValues { $0 })
        case .anchor(let timestamp, let readingId, let wallTime):
            .object(["type": .string("anchor"), "t": .number(timestamp), "id": .string(readingId),
                     "wall": .number(wallTime)])
        case .control(let timestamp, let control):
            .object(control.members.merging(["type": .string("control")]) { a, _ in a }
                .merging(timestamp.map { ["t": .number($0)] } ?? [:]) { a, _ in a })
        case .end(let timestamp, let reason):
            .object(["type": .string("end"), "t": timestamp.map(JSONValue.number), "reason": .string(reason)]
                .compactMapValues { $0 })
        }
    }

    /// Reads a line's object; nil for a `type` this version does not know (skipped for forward compatibility).
    /// Throws the reason when a known type lacks a field or has one of the wrong type.
    init?(jsonValue: JSONValue) throws(RecordingLineError) {
        guard let members = jsonValue.objectValue else { throw RecordingLineError("the line is not a JSON object") }
        let line = RecordingLineFields(members)
        switch try line.string("type") {
        case "header": self = .header(try Self.header(line))
        case "frame":
            self = .frame(FrameSample(timestamp: try line.number("t"), red: try line.number("r"),
                                      green: try line.number("g"), blue: try line.number("b"),
                                      saturatedFraction: try line.optionalNumber("s")))
        case "motion":
            self = .motion(MotionSample(timestamp: try line.number("t"), x: try line.number("x"),
                                        y: try line.number("y"), z: try line.number("z")))
        case "camera": self = .camera(timestamp: try line.number("t"), settings: try line.value("settings"))
        case "marker":
            self = .marker(timestamp: try line.number("t"), name: try line.string("name"), detail: members["detail"])
        case "anchor":
            self = .anchor(timestamp: try line.number("t"), readingId: try line.string("id"),
                           wallTime: try line.number("wall"))
        case "control": self = .control(timestamp: try line.optionalNumber("t"), try RecordedControl(members: members))
        case "end": self = .end(timestamp: try line.optionalNumber("t"), reason: try line.string("reason"))
        default: return nil
        }
    }

    private static func header(_ line: RecordingLineFields) throws(RecordingLineError) -> RecordingHeader {
        guard try line.string("format") == RecordingHeader.formatName else {
            throw RecordingLineError("the header's format is not \(RecordingHeader.formatName)")
        }
        var header = RecordingHeader(sdkVersion: try line.string("sdkVersion"),
                                     engineVersion: try line.string("engineVersion"),
                                     startedAt: try line.string("startedAt"),
                                     configuration: try line.value("configuration"), source: try line.value("source"))
        header.version = try line.string("version")
        return header
    }
}

/// Why one line of a recording could not be read.
struct RecordingLineError: Error {
    /// What is wrong with the line.
    let reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}

/// Typed access to the members of a line, with errors that name the missing or mistyped key.
private struct RecordingLineFields {
    let members: [String: JSONValue]

    init(_ members: [String: JSONValue]) {
        self.members = members
    }

    func value(_ key: String) throws(RecordingLineError) -> JSONValue {
        guard let value = members[key] else { throw RecordingLineError("missing '\(key)'") }
        return value
    }

    /// The finite number at `key`: a number beyond the `Double` range (`1e400`) is refused, never read as infinity.
    func number(_ key: String) throws(RecordingLineError) -> Double {
        guard let number = try value(key).numberValue else { throw RecordingLineError("'\(key)' is not a number") }
        guard number.isFinite else { throw RecordingLineError("'\(key)' is not a finite number") }
        return number
    }

    func optionalNumber(_ key: String) throws(RecordingLineError) -> Double? {
        guard members[key] != nil else { return nil }
        return try number(key)
    }

    func string(_ key: String) throws(RecordingLineError) -> String {
        guard let string = try value(key).stringValue else { throw RecordingLineError("'\(key)' is not a string") }
        return string
    }
}

extension RecordedControl {
    /// The line's members besides `type` and `t`.
    var members: [String: JSONValue] {
        switch self {
        case .hostCancel(let reason):
            ["control": .string("hostCancel"), "reason": .string(reason)]
        case .autoStart(let enabled):
            ["control": .string("autoStart"), "enabled": .bool(enabled)]
        case .interrupted(let reason, let tier):
            ["control": .string("interrupted"), "reason": .string(reason.kind.rawValue),
             "detail": .string(reason.detail)].merging(tier.map { ["tier": .number(Double($0))] } ?? [:]) { a, _ in a }
        case .failed(let error):
            ["control": .string("failed"), "error": error.jsonValue]
        }
    }
}

extension SourceInfo {
    /// The `source` object of a recording header: what a replay needs to behave as the live source did.
    var recordingDescription: JSONValue {
        .object([
            "kind": .string(kind), "fpsTier": .number(Double(fpsTier)), "deviceModel": .string(deviceModel),
            "discardsSettlingSecond": .bool(discardsSettlingSecond),
        ])
    }
}
