import PpgCore

/// The items of a replayed file, one at a time, ending with `.ended` (or `.failed` for a corrupt file).
final class ReplayItemStream: @unchecked Sendable {
    private enum Reader {
        case recording(RecordingReader)
        case frames([FrameSample], next: Int)
        case y4m(Y4MReader, FrameReducer)
    }

    private var reader: Reader
    private let path: String

    init(kind: ReplaySource.Kind, path: String) throws(VitalsError) {
        self.path = path
        switch kind {
        case .recording:
            do {
                reader = .recording(try RecordingReader(path: path))
            } catch {
                throw .invalidArgument("'\(path)' is not a readable recording: \(error.description)")
            }
        case .csv:
            reader = .frames(try MeansCSVReader.read(path: path), next: 0)
        case .y4m:
            do {
                reader = .y4m(try Y4MReader(path: path), FrameReducer())
            } catch {
                throw .invalidArgument("'\(path)' is not a readable Y4M video: \(error.description)")
            }
        }
    }

    /// The next item.
    func next() -> SourceItem {
        switch reader {
        case .recording(let recording):
            return nextRecorded(recording)
        case .frames(let frames, let index):
            guard index < frames.count else { return .ended }
            reader = .frames(frames, next: index + 1)
            return .frame(frames[index])
        case .y4m(let video, let reducer):
            do {
                return try video.nextSample(using: reducer).map(SourceItem.frame) ?? .ended
            } catch {
                return .failed(VitalsError(.internalError, "The video '\(path)' is damaged: \(error.description)"))
            }
        }
    }

    private func nextRecorded(_ recording: RecordingReader) -> SourceItem {
        while true {
            let record: RecordingRecord?
            do {
                record = try recording.next()
            } catch {
                return .failed(VitalsError(.internalError, "The recording '\(path)' is damaged: \(error.description)"))
            }
            switch record {
            case nil, .end?: return .ended
            case .frame(let frame)?: return .frame(frame)
            case .motion(let motion)?: return .motion(motion)
            case .control(_, let control)?:
                switch control {
                case .hostCancel(let reason): return .hostCancel(reason: reason)
                case .autoStart(let enabled): return .autoStart(enabled)
                case .interrupted(let reason, let tier): return .interrupted(reason, tier: tier)
                case .failed(let error): return .failed(error)
                }
            case .camera(_, let settings)?:
                if let members = settings.objectValue, let capture = CaptureSettings(diagnostics: members) {
                    return .captureSettings(capture)
                }
                continue
            case .header?, .anchor?, .marker?:
                continue
            }
        }
    }
}
