import Glibc
import PpgCore
@testable import NeurofitVitals
import StrictJSON

/// A stand-in engine for session tests: a tick every second of sample time whose contact follows the red mean
/// (red ≥ 100 means a finger), a beat every 0.8 s (reported as 780 and 820 ms in turn: a heart's variation, so the
/// session's regularity check lets the reading go on), and a fixed result.
struct ScriptedEngine: ReadingEngine {
    private var nextTick: Double?
    private var nextBeat: Double?
    private var lastRed = 0.0
    private var beatCount = 0
    private(set) var resets = 0

    mutating func reset() {
        resets += 1
        nextTick = nil
        nextBeat = nil
    }

    mutating func restart() {
        reset()
    }

    mutating func push(_ frame: FrameSample) -> (beats: [Double?], tick: LiveTick?) {
        lastRed = frame.red
        if nextTick == nil { nextTick = frame.timestamp + 1 }
        if nextBeat == nil { nextBeat = frame.timestamp + 0.8 }
        var beats: [Double?] = []
        while frame.timestamp >= nextBeat! {
            beatCount += 1
            beats.append(beatCount % 2 == 0 ? 820 : 780)
            nextBeat! += 0.8
        }
        guard frame.timestamp >= nextTick! - 1e-9 else { return (beats, nil) }
        let tick = LiveTick(time: nextTick!, contact: lastRed >= 100, qualityScore: 0.9, amplitude: 2,
                              heartRateBpm: 75, rmssdMs: 31, breathingRateBrpm: 12,
                              liveEstimate: .accepted(discardRatio: 0.05), redDc: lastRed)
        nextTick! += 1
        return (beats, tick)
    }

    mutating func push(_ motion: MotionSample) {}

    func finalize(frames: [FrameSample], motion: [MotionSample], id: String, capturedAt: String)
        -> Result<ReadingResult, VitalsError> {
        guard frames.count > 100 else { return .failure(VitalsError(.noHeartRate, "No heart rate was found")) }
        return .success(ReadingResult(id: id, capturedAt: capturedAt, analysis: scriptedAnalysis, sdkVersion: "1.0.0"))
    }
}

/// The scripted engine's analysis: every metric present, a clean reading.
let scriptedAnalysis = AnalysisResult(
    durationSeconds: 60, heartRateBpm: 75, rmssdMs: 31, sdnnMs: 40, baevskyStressIndex: 120, sd2sd1: 1.8,
    breathingRateBrpm: 12, breathingRateConfidence: .medium, confidence: 0.9, quality: .clean, flags: [],
    diagnostics: AnalysisDiagnostics())

/// A session environment with a fixed clock and id.
let fixedEnvironment = SessionEnvironment(now: { 1_800_000_000 }, makeId: { "00000000-0000-0000-0000-000000000001" })

extension Session.Pull {
    /// The event's JSON as the C API delivers it; nil for a time-out or the end of the stream.
    var json: String? {
        if case .event(let event) = self { event.json } else { nil }
    }
}

/// Drains a pull-mode session's events until the stream ends (or 10 s pass).
func drain(_ session: Session, limit: Double = 10) throws -> [String] {
    var events: [String] = []
    let deadline = monotonicSeconds() + limit
    while monotonicSeconds() < deadline {
        switch try session.nextEvent(timeout: 0.5) {
        case .event(let event): events.append(event.json)
        case .timedOut: continue
        case .ended: return events
        }
    }
    return events
}

/// The `type` of each event JSON.
func eventTypes(_ events: [String]) -> [String] {
    events.compactMap { (try? JSONValue(parsing: $0))?.objectValue?["type"]?.stringValue }
}

func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
