import PpgCore

/// What a recording's header and anchor say about the session that made it.
struct RecordedFacts {
    let configuration: VitalsConfiguration
    let fpsTier: Int
    let deviceModel: String
    let discardsSettlingSecond: Bool
    let identity: (id: String, firstFrameWallTime: Double)?
    /// `SourceInfo.motionOrigin` of the recorded session's source (`simulated` for the simulator, else `host`).
    let motionOrigin: String

    /// Reads the header and scans to the anchor (written before the first frame).
    /// - Throws: `invalidArgument` for an unreadable or malformed recording.
    init(path: String) throws(VitalsError) {
        let reader: RecordingReader
        do {
            reader = try RecordingReader(path: path)
        } catch {
            throw .invalidArgument("'\(path)' is not a readable recording: \(error.description)")
        }
        let source = reader.header.source.objectValue ?? [:]
        do {
            configuration = try VitalsConfiguration(jsonValue: reader.header.configuration)
        } catch {
            throw .invalidArgument("'\(path)' holds an unusable configuration: \(error.message)")
        }
        fpsTier = source["fpsTier"]?.integerValue ?? configuration.advanced.fpsTiers.first ?? 30
        deviceModel = source["deviceModel"]?.stringValue ?? "recording"
        discardsSettlingSecond = source["discardsSettlingSecond"]?.boolValue ?? false
        motionOrigin = source["kind"]?.stringValue == "simulated" ? "simulated" : "host"
        var identity: (String, Double)?
        scan: while let record = try? reader.next() {
            switch record {
            case .anchor(_, let id, let wall): identity = (id, wall); break scan
            case .frame: break scan
            default: continue
            }
        }
        self.identity = identity
    }
}
