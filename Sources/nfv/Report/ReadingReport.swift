import NeurofitVitals
import PpgCore
import StrictJSON

/// What a report shows: the result (with its per-beat diagnostics) and, when the input was a recording or a CSV of
/// means, the frames of the reading for the waveform. Times count from the start of the measured reading.
struct ReadingReport {
    /// One beat of `diagnostics.beats`.
    struct Beat {
        /// Seconds since the start of the reading (`origin`).
        let time: Double
        let intervalMs: Double?
        let label: String
        let accepted: Bool
    }

    let result: [String: JSONValue]
    let beats: [Beat]
    /// Red means of the reading's frames on the capture clock (empty when the input was a result).
    let frames: [FrameSample]
    /// The capture-clock time (s) where the measured reading began: the result's `diagnostics.reading_start_s`, so
    /// that a result and the recording or CSV it came from share their time axis. A result of an older library has
    /// none: its end (the last frame, else the last beat) minus `durationSeconds`, or the first beat when earlier.
    let origin: Double

    /// Loads a result (a result object, `nfv analyze` output, or events as JSON Lines with a `completed` event),
    /// replays a recording to get its result and frames, or analyses a CSV of means (`timestamp_s,red,…`).
    static func load(path: String) throws(UsageError) -> ReadingReport {
        let text = try FileIO.readText(path)
        if text.hasPrefix("{\"configuration\"") || text.contains("\"format\":\"neurofit-vitals-recording\"") {
            return try fromRecording(path)
        }
        if !text.hasPrefix("{") && text.contains("timestamp_s") { return try fromMeansCSV(path) }
        guard let result = findResult(in: text) else {
            throw UsageError("\(path) holds no result: pass a result JSON, nfv events (JSON Lines), a recording or "
                             + "a CSV of means")
        }
        return ReadingReport(result: result, frames: [])
    }

    init(result: [String: JSONValue], frames: [FrameSample]) {
        self.result = result
        self.frames = frames
        let list = (result["diagnostics"]?.objectValue?["beats"]?.arrayValue ?? []).compactMap(\.objectValue)
        let times = list.compactMap { $0["time_s"]?.numberValue }
        let end = frames.last?.timestamp ?? times.last ?? 0
        let origin = result["diagnostics"]?.objectValue?["reading_start_s"]?.numberValue
            ?? min(end - (result["durationSeconds"]?.numberValue ?? 60), times.first ?? end)
        self.origin = origin
        beats = list.compactMap { beat in
            guard let time = beat["time_s"]?.numberValue else { return nil }
            return Beat(time: time - origin, intervalMs: beat["interval_ms"]?.numberValue,
                        label: beat["label"]?.stringValue ?? "normal", accepted: beat["accepted"]?.boolValue ?? false)
        }
    }

    /// A number of the result.
    func number(_ key: String) -> Double? { result[key]?.numberValue }

    /// A number of the diagnostics.
    func diagnostic(_ key: String) -> Double? { result["diagnostics"]?.objectValue?[key]?.numberValue }

    private static func findResult(in text: String) -> [String: JSONValue]? {
        for line in text.split(separator: "\n").reversed() {
            guard let object = (try? JSONValue(parsing: String(line)))?.objectValue else { continue }
            if let result = object["result"]?.objectValue { return result }
            if object["heartRateBpm"] != nil { return object }
        }
        return nil
    }

    private static func fromRecording(_ path: String) throws(UsageError) -> ReadingReport {
        do throws(VitalsError) {
            let session = try Session(SessionSetup(source: try ReplaySource(path: path, realTime: false)))
            try session.start()
            var result: [String: JSONValue]?
            while case .event(let event) = try session.nextEvent(timeout: 60) {
                if case .completed(let completed) = event.event { result = completed.jsonValue.objectValue }
            }
            guard let result else { throw VitalsError(.noHeartRate, "the recording's reading did not complete") }
            let frames = try RecordingReader.frames(path: path)
            return ReadingReport(result: result, frames: frames)
        } catch {
            throw UsageError("\(path): \(error.message)")
        }
    }

    private static func fromMeansCSV(_ path: String) throws(UsageError) -> ReadingReport {
        do throws(VitalsError) {
            let frames = try MeansCSVReader.read(path: path)
            switch FinalAnalyzer().analyze(frames: frames) {
            case .success(let result):
                return ReadingReport(result: result.json.objectValue ?? [:], frames: frames)
            case .failure(let error):
                throw VitalsError(.noHeartRate, "no result: \(error.message)")
            }
        } catch {
            throw UsageError("\(path): \(error.message)")
        }
    }
}

extension RecordingReader {
    /// Every frame of the recording at `path`.
    static func frames(path: String) throws(VitalsError) -> [FrameSample] {
        do {
            return try RecordingReader(path: path).readAll().compactMap {
                if case .frame(let frame) = $0 { frame } else { nil }
            }
        } catch {
            throw .invalidArgument(error.description)
        }
    }
}
