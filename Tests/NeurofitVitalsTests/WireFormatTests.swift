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
            == "{\"error\":{\"code\":\"noHeartRate\",\"message\":\"No heart rate could be recovered from the reading (no_contact).\"}}")
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
}
