import Glibc
import PpgCore

/// Replays a file: a recording (docs/recording-format.md), a CSV of per-frame means, or an uncompressed
/// Y4M video, at recorded speed or as fast as the session consumes. A recording also restores its source's facts,
/// configuration, reading id and clock anchor, and the host commands and camera notices it captured, so the replay
/// gives the live session's events and result byte for byte.
public final class ReplaySource: FrameSource {
    /// What kind of file it is.
    public enum Kind: String, Sendable {
        case recording, csv, y4m
    }

    public let info: SourceInfo
    /// The file's kind.
    public let kind: Kind
    /// The configuration a recording was made with (nil for CSV and Y4M).
    public let recordedConfiguration: VitalsConfiguration?
    /// The replayed file.
    public let path: String
    private let realTime: Bool
    private let running = ForkSafeMutex<RunToken?>(nil)

    /// Opens `path` to learn what it holds (nothing is streamed before `open`).
    /// - Throws: `invalidArgument` for a missing, unreadable or malformed file.
    public init(path: String, realTime: Bool) throws(VitalsError) {
        self.path = path
        self.realTime = realTime
        kind = try Self.detectKind(path)
        switch kind {
        case .recording:
            let facts = try RecordedFacts(path: path)
            recordedConfiguration = facts.configuration
            var info = SourceInfo(kind: "replay", fpsTier: facts.fpsTier, deviceModel: facts.deviceModel,
                                  requiresLicense: false, discardsSettlingSecond: facts.discardsSettlingSecond,
                                  canRunAhead: !realTime)
            info.recordedIdentity = facts.identity
            info.motionOrigin = facts.motionOrigin
            self.info = info
        case .csv, .y4m:
            recordedConfiguration = nil
            let (fps, firstTimestamp) = kind == .csv ? try Self.csvTiming(path) : try Self.y4mTiming(path)
            var info = SourceInfo(kind: "replay", fpsTier: try Self.fpsTier(fps, of: path),
                                  deviceModel: "replay of \(kind.rawValue)", requiresLicense: false,
                                  discardsSettlingSecond: false, canRunAhead: !realTime)
            // These files carry no wall clock: their timestamps are read as Unix time (docs/replay.md).
            info.recordedIdentity = (try ContentIdentity.uuid(ofFile: path), firstTimestamp)
            self.info = info
        }
    }

    public func open(delivering deliver: @escaping @Sendable (SourceItem) -> Void) throws(VitalsError) {
        let token = RunToken.replacing(in: running)
        let stream = try ReplayItemStream(kind: kind, path: path)
        let realTime = realTime
        try DetachedThread.start(name: "nfv-replay") {
            var pacer = realTime ? RealTimePacer() : nil
            while !token.isStopped {
                let item = stream.next()
                if case .frame(let frame) = item { pacer?.wait(until: frame.timestamp) }
                guard !token.isStopped else { break }
                deliver(item)
                if item == .ended { break }
                if case .failed = item { break }
            }
        }
    }

    public func close() {
        RunToken.stop(in: running)
    }

    private static func detectKind(_ path: String) throws(VitalsError) -> Kind {
        try FileIdentity.requireRegularInput(path)
        guard let file = fopen(path, "rb") else {
            throw .invalidArgument("Cannot open '\(path)': \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        var prefix = [UInt8](repeating: 0, count: 10)
        let count = fread(&prefix, 1, prefix.count, file)
        if count >= 9, Array(prefix[0..<9]) == Array("YUV4MPEG2".utf8) { return .y4m }
        if count >= 1, prefix[0] == UInt8(ascii: "{") { return .recording }
        return .csv
    }

    /// Frame rate and first timestamp of a CSV of means.
    private static func csvTiming(_ path: String) throws(VitalsError) -> (Double, Double) {
        let frames = try MeansCSVReader.read(path: path)
        guard frames.count >= 2, let first = frames.first else {
            throw .invalidArgument("'\(path)' holds fewer than two frames")
        }
        // The typical interval, not the whole span: one broken timestamp (a jump to 1e19 s) must not turn a 30 fps
        // file into a rate no tier has; the session's own timing checks deal with the jump.
        let intervals = zip(frames.dropFirst(), frames).map { (later: FrameSample, earlier: FrameSample) -> Double in
            later.timestamp - earlier.timestamp
        }
        return (1 / (Statistics.median(intervals) ?? 0), first.timestamp)
    }

    /// The tier of a file whose frames come at `fps`.
    /// - Throws: `invalidArgument` unless it rounds to a rate in `VitalsConfiguration.fpsTierRange`.
    private static func fpsTier(_ fps: Double, of path: String) throws(VitalsError) -> Int {
        guard let tier = Int(exactly: fps.isFinite ? fps.rounded() : 0),
              VitalsConfiguration.fpsTierRange.contains(tier) else {
            throw .invalidArgument("'\(path)' has frames at \(fps) fps: a replay needs "
                + "\(VitalsConfiguration.fpsTierRange) fps (a CSV's timestamps are seconds)")
        }
        return tier
    }

    /// Frame rate and first timestamp (0) of a Y4M video.
    private static func y4mTiming(_ path: String) throws(VitalsError) -> (Double, Double) {
        do {
            let header = try Y4MReader(path: path).header
            return (Double(header.frameRateNumerator) / Double(header.frameRateDenominator), 0)
        } catch {
            throw .invalidArgument("'\(path)' is not a readable Y4M video: \(error.description)")
        }
    }
}
