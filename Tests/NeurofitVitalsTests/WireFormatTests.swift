import PpgCore
import StrictJSON
import Testing
@testable import NeurofitVitals

/// The JSON writer and the engine's result as JSON (`nfv_analyze`, the result's diagnostics).
struct WireFormatTests {
    @Test func jsonHasSortedKeysAndShortestNumbers() {
        let value = JSONValue.object(["b": .number(0.1), "a": .array([.int(3), .bool(true), .null]),
                                      "c": .string("q\"\n"), "d": .number(72), "e": .number(.nan)])
        #expect(value.serialized() == "{\"a\":[3,true,null],\"b\":0.1,\"c\":\"q\\\"\\n\",\"d\":72,\"e\":null}")
    }

    @Test func errorJsonNamesTheCodeAndReasons() {
        let error = AnalysisError.noHeartRate(reasons: ["no_contact"])
        #expect(error.json.serialized()
            == "{\"error\":{\"code\":\"noHeartRate\",\"message\":\"No heart rate could be recovered from the reading (no_contact).\","
            + "\"retryable\":false}}")
    }

    @Test func absentDiagnosticsAreLeftOutAndKeysAreSorted() {
        var diagnostics = AnalysisDiagnostics()
        diagnostics.gateEnabled = false
        diagnostics.beats = [BeatRecord(time: 1.5, intervalMs: nil, label: "normal", accepted: false)]
        let result = AnalysisResult(durationSeconds: 60, heartRateBpm: 72, rmssdMs: 40, sdnnMs: nil,
                                    baevskyStressIndex: nil, sd2sd1: nil, breathingRateBrpm: nil,
                                    breathingRateConfidence: nil, confidence: 0.5, quality: .usable, flags: [],
                                    diagnostics: diagnostics)
        let text = result.jsonText
        #expect(text.hasPrefix(#"{"confidence":0.5,"diagnostics":{"amplitude":0,"beats":[{"accepted":false,"#
            + #""label":"normal","time_s":1.5}],"#))
        #expect(text.contains(#""gate_enabled":false"#))
        #expect(!text.contains("gate_n_pairs") && !text.contains("gate_veto") && !text.contains("sdnnMs"))
        #expect(text.contains(#""rmssdMs":40"#))
    }

    @Test func theTrajectoryEncodesItsKeysAndLeavesOutFiguresWithoutData() {
        var trajectory = ReadingTrajectory()
        let estimates: [LiveEstimate] = [.none, .withheld(discardRatio: 0.6), .withheld(discardRatio: 0.8),
                                                    .accepted(discardRatio: 0.2), .withheld(discardRatio: 0.7)]
        for (index, estimate) in estimates.enumerated() {
            let elapsed = [1.0, 14.0, 15.0, 16.0, 30.5][index]
            let score: Double? = index == 0 ? nil : 0.5 + 0.1 * Double(index)
            let tick = LiveTick(time: 10 + elapsed, contact: true, qualityScore: score,
                                  amplitude: Double(index + 1), measuredFps: index == 1 ? 15 : 30,
                                  liveEstimate: estimate)
            trajectory.record(tick, elapsed: elapsed, frameDropFloor: 21)
        }
        let json = ReadingDiagnostics(trajectory: trajectory).jsonValue.objectValue ?? [:]
        #expect(json["frame_drop_compliance_error_count"] == .int(1))
        #expect(json["live_sq_withheld_seq"] == .string("1101"))
        #expect(json["live_sq_max_withheld_run"] == .int(2) && json["live_sq_withheld_estimates"] == .int(3))
        #expect(json["live_sq_total_estimates"] == .int(4))
        // Previews up to 15 s are early: scores 0.6 and 0.7 (the first is unscored), amplitudes 1, 2, 3.
        #expect(json["early_mean_quality_score"]?.numberValue.map { abs($0 - 0.65) < 1e-12 } == true)
        #expect(json["early_min_quality_score"]?.numberValue.map { abs($0 - 0.6) < 1e-12 } == true)
        #expect(json["early_mean_amplitude"] == .number(2))
        #expect(json["early_mean_discard_ratio"]?.numberValue.map { abs($0 - 0.7) < 1e-12 } == true)
        #expect(json["early_max_discard_ratio"] == .number(0.8))
        #expect(json["live_sq_at_15s"]?.numberValue.map { abs($0 - 0.7) < 1e-12 } == true)
        #expect(json["live_sq_at_30s"]?.numberValue.map { abs($0 - 0.9) < 1e-12 } == true)

        let empty = ReadingDiagnostics(trajectory: ReadingTrajectory()).jsonValue.objectValue ?? [:]
        #expect(empty["live_sq_withheld_seq"] == .string("") && empty["live_sq_total_estimates"] == .int(0))
        let absent = ["live_sq_at_15s", "early_mean_quality_score", "early_max_discard_ratio"]
        #expect(absent.allSatisfy { empty[$0] == nil })
        #expect(ReadingDiagnostics().jsonValue.objectValue?["live_sq_total_estimates"] == nil,
                "no trajectory outside a session")
    }
}
