import FoundationEssentials
import Glibc
@testable import PpgCore
@testable import NeurofitVitals
import Testing

/// Regression tests for crashes the fuzzers found in the engine: frame timing a file or a host can produce
/// (frames slower than the beat band needs, timestamp jumps no `Int` can count) must end in a result or an error,
/// never in a trap that kills the host.
@Suite struct ExtremeFrameTimingTests {
    private static func pulse(_ time: Double) -> FrameSample {
        FrameSample(timestamp: time, red: 120 + 8 * sin(2 * Double.pi * 1.2 * time), green: 40, blue: 30)
    }

    @Test func theLiveAnalyzerSurvivesTimestampJumpsNoIntCanCount() {
        var live = LiveAnalyzer()
        for index in 0..<90 { _ = live.push(Self.pulse(Double(index) / 30)) }
        for jump in [3e18, 1e19, 1e300, Double.greatestFiniteMagnitude] {
            let step = live.push(FrameSample(timestamp: jump, red: 120, green: 40, blue: 30))
            #expect(step.tick?.time.isFinite == true, "a tick at the frame after a jump to \(jump)")
        }
        #expect(LiveAnalyzer.gridIndex(.infinity, step: 1) == 1 << 60)
        #expect(LiveAnalyzer.gridIndex(12.5, step: 0.25) == 50)
    }

    @Test func frameRatesTooSlowForTheBeatBandFailWithoutATrap() {
        let oneFps = (0..<40).map { Self.pulse(Double($0)) }
        #expect(FinalAnalyzer().analyze(frames: oneFps) == .failure(.noHeartRate(reasons: ["low_frame_rate"])))
        let twoFramesFarApart = [Self.pulse(0), Self.pulse(1e3)]
        #expect(FinalAnalyzer().analyze(frames: twoFramesFarApart)
            == .failure(.noHeartRate(reasons: ["low_frame_rate"])))
        var live = LiveAnalyzer()
        let beats = oneFps.flatMap { live.push($0).beats }
        #expect(beats.isEmpty)
        #expect(BeatExtractor().supports(sampleRate: 30) && !BeatExtractor().supports(sampleRate: 1))
    }

    /// Timestamps a hair apart made the frame rate 10³⁰⁰ Hz and the quality window's sample count trap in `Int()`.
    @Test func framesTimestampedAHairApartFailWithoutATrap() {
        let clustered = (0..<600).map { Self.pulse(Double($0) * 1e-300) } + (1...20).map { Self.pulse(Double($0)) }
        #expect(FinalAnalyzer().analyze(frames: clustered) == .failure(.noHeartRate(reasons: ["high_frame_rate"])))
        #expect(!BeatExtractor().supports(sampleRate: 1e300) && !BeatExtractor().supports(sampleRate: .infinity))
        var live = LiveAnalyzer()
        #expect(clustered.flatMap { live.push($0).beats }.isEmpty)
    }

    /// A glitched timestamp far after a clean reading made the quality windows step 2 s at a time across the whole
    /// span (a hang: 10¹⁸ s, or forever where adding 2 s no longer changes the time).
    @Test(arguments: [1e9, 1e18])
    func aReadingSpanningMoreThanAnHourIsRefusedNotScanned(glitch: Double) {
        let frames = (0..<900).map { Self.pulse(Double($0) / 30) } + [Self.pulse(glitch)]
        #expect(FinalAnalyzer().analyze(frames: frames) == .failure(.noHeartRate(reasons: ["too_long"])))
        let longest = FinalAnalyzer.maximumDurationSeconds
        #expect((try? VitalsConfiguration(json: #"{"readingDuration":\#(longest)}"#)) != nil, "the longest reading")
    }

    /// The CSV rows (name, rows) of the replay test: one frame a second, and timestamps jumping past what an `Int`
    /// counts. A typed property, not closures inside the macro's argument (Swift 6.0.3 crashes type-checking those).
    private static let extremeTimingFiles: [(String, [String])] = [
        ("one-fps", (0..<70).map { (second: Int) -> String in
            "\(Double(second)),\(120 + 8 * sin(Double(second))),40,30"
        }),
        ("jump", (0..<300).map { (frame: Int) -> String in "\(Double(frame) / 30),120,40,30" }
            + ["1e19,120,40,30", "1e300,120,40,30"]),
    ]

    @Test(arguments: extremeTimingFiles)
    func aSessionReplayingSuchFramesEndsNormally(name: String, rows: [String]) throws {
        let path = "/tmp/nfv-hardening-\(getpid())-\(name).csv"
        defer { unlink(path) }
        try Data((["timestamp_s,red,green,blue"] + rows).joined(separator: "\n").utf8)
            .write(to: URL(fileURLWithPath: path))
        let session = try Session(SessionSetup(source: try ReplaySource(path: path, realTime: false)))
        try session.start()
        var events: [String] = []
        let deadline = monotonicSeconds() + 30
        while monotonicSeconds() < deadline, case let pull = try session.nextEvent(timeout: 1) {
            if let json = pull.json { events.append(json) }
            if case .ended = pull { break }
        }
        #expect(events.last.map { $0.contains(#""state":"idle""#) && $0.hasSuffix(#""type":"state"}"#) } == true,
                "the file ended: the session stops")
        #expect(!events.contains { $0.contains(#""type":"completed""#) })
    }
}
