import Glibc
import Testing
@testable import PpgCore

/// The final analysis on synthetic readings with known truth: accuracy, robustness to timing
/// defects, honesty on signals without a trustworthy pulse, determinism.
struct FinalAnalyzerTests {
    private func reading(seed: UInt64, fps: Double = 30, camera: (inout CameraParameters) -> Void = { _ in },
                         scenario: [ScenarioSegment] = []) -> SyntheticReading {
        var parameters = CameraParameters(framesPerSecond: fps)
        camera(&parameters)
        return SyntheticReading(configuration: SyntheticConfiguration(seed: seed, camera: parameters,
                                                                      scenario: scenario))
    }

    private func analyze(_ reading: SyntheticReading) -> Result<AnalysisResult, AnalysisError> {
        FinalAnalyzer().analyze(frames: reading.frames, motion: reading.motion)
    }

    @Test(arguments: [20.0, 30.0, 60.0])
    func heartRateAndHrvMatchTheTruth(fps: Double) throws {
        for seed: UInt64 in 1...(fps == 30 ? 3 : 2) {
            let synthetic = reading(seed: seed, fps: fps)
            let result = try analyze(synthetic).get()
            let truth = synthetic.truth.metrics
            #expect(abs(result.heartRateBpm - (truth.heartRateBpm ?? 0)) < 0.5)
            let rmssd = try #require(result.rmssdMs)
            // Timing noise adds to RMSSD in quadrature (the analysis removes its camera-noise
            // share); 20 fps carries the most.
            #expect(abs(rmssd - (truth.rmssd ?? 0)) < (fps >= 30 ? 3.0 : 6.0))
            #expect(result.diagnostics.estGmApplied == true)
            #expect(abs((result.sdnnMs ?? 0) - (truth.sdnn ?? 0)) < 3.0)
            #expect(result.quality != .withheld)
            #expect(result.diagnostics.hrSource == .beats)
        }
    }

    @Test func droppedFramesAndIrregularTimestampsDoNotBiasTheResult() throws {
        for seed: UInt64 in 4...5 {
            let clean = reading(seed: seed)
            let defective = reading(seed: seed) {
                $0.timestampJitterMs = 3
                $0.singleDropProbability = 0.03
                $0.burstDropProbability = 0.005
            }
            #expect(defective.frames.count < clean.frames.count - 30)
            let truth = defective.truth.metrics
            let result = try analyze(defective).get()
            #expect(abs(result.heartRateBpm - (truth.heartRateBpm ?? 0)) < 0.5)
            #expect(abs((result.rmssdMs ?? 0) - (truth.rmssd ?? 0)) < 6)
            #expect(result.diagnostics.frameGapCount > 0)
        }
    }

    /// Constant channels at several levels and clock origins: the resampling leaves rounding noise of about 1e-14
    /// counts, which the scale-free quality windows would pass; it must never read as a pulse.
    @Test(arguments: [(0.0, 200.0, 4.0, 20.0), (1, 170, 5, 20), (12.345, 250, 0, 1), (1000, 90, 60, 40)])
    func constantSignalHasNoHeartRate(start: Double, red: Double, green: Double, blue: Double) {
        let frames = (0..<1800).map {
            FrameSample(timestamp: start + Double($0) / 30, red: red, green: green, blue: blue)
        }
        #expect(throws: AnalysisError.self) { try FinalAnalyzer().analyze(frames: frames).get() }
    }

    @Test func pureNoiseHasNoHeartRate() {
        for seed: UInt64 in 1...3 {
            let synthetic = reading(seed: seed, scenario: [ScenarioSegment(startS: 0, durationS: 60,
                                                                           condition: .pureNoise(sd: 0.5))])
            #expect(throws: AnalysisError.self) { try analyze(synthetic).get() }
        }
    }

    @Test func ambientLightWithMainsFlickerHasNoHeartRate() {
        // 100 Hz flicker seen at 24.5 fps aliases to 2 Hz, inside the heart band.
        let synthetic = reading(seed: 2, fps: 24.5, scenario: [ScenarioSegment(
            startS: 0, durationS: 60,
            condition: .ambientLight(level: ChannelTriple(red: 120, green: 110, blue: 100), mainsHz: 50,
                                     flickerDepth: 0.05))])
        #expect(throws: AnalysisError.self) { try analyze(synthetic).get() }
    }

    @Test func clippedRedWithoutPulseHasNoHeartRate() {
        let frames = (0..<1800).map { index in
            FrameSample(timestamp: Double(index) / 30, red: 255, green: 3 + 0.01 * sin(Double(index)), blue: 0.5)
        }
        #expect(throws: AnalysisError.self) { try FinalAnalyzer().analyze(frames: frames).get() }
    }

    @Test func clippedRedWithPulseInGreenGivesTheRightHeartRate() throws {
        let synthetic = reading(seed: 6) {
            $0.dc = ChannelTriple(red: 280, green: 70, blue: 1)
            $0.acFraction = ChannelTriple(red: 0.015, green: 0.03, blue: 0.02)
            $0.noise = ChannelTriple(red: 0.05, green: 0.12, blue: 0.02)
        }
        #expect(synthetic.frames.allSatisfy { $0.red >= 250 })
        let result = try analyze(synthetic).get()
        #expect(abs(result.heartRateBpm - (synthetic.truth.metrics.heartRateBpm ?? 0)) < 0.5)
        #expect(result.flags.contains("clipped_red_used_green"))
        #expect(result.diagnostics.channel == .green)
    }

    @Test func fingerLiftedHalfTheReadingIsWithheldOrHasNoHeartRate() {
        let synthetic = reading(seed: 7, scenario: [ScenarioSegment(startS: 30, durationS: 30,
                                                                    condition: SignalCondition.fingerLifted)])
        switch analyze(synthetic) {
        case .success(let result):
            #expect(result.quality == .withheld)
            #expect(result.rmssdMs == nil && result.sdnnMs == nil && result.baevskyStressIndex == nil)
            #expect(result.pnn50Percent == nil, "pNN50 is withheld with the rest of HRV")
            #expect(result.flags.contains("no_contact"))
        case .failure(let error):
            #expect(error.message.contains("no_contact"))
        }
    }

    @Test func aFingerBeingPlacedIsLeftOutAndTheRestAnalysed() throws {
        for seed: UInt64 in 11...12 {
            let synthetic = reading(seed: seed, scenario: [ScenarioSegment(startS: 0, durationS: 8,
                                                                           condition: SignalCondition.fingerLifted)])
            let result = try analyze(synthetic).get()
            #expect(result.quality != .withheld, "seed \(seed): \(result.flags)")
            #expect(result.flags.contains(FinalAnalyzer.segmentFlag))
            let start = try #require(result.diagnostics.analysedSegmentStart)
            #expect(start >= 8 && start <= 8 + FinalAnalyzer.segmentTrimStepSeconds)
            #expect(result.durationSeconds >= FinalAnalyzer.minimumSegmentSeconds)
            let truth = synthetic.truth.metrics.heartRateBpm ?? 0
            #expect(abs(result.heartRateBpm - truth) < 1.5)
        }
    }

    @Test func partsAreTriedOnlyAsLongAsTheMinimumSegment() {
        #expect(FinalAnalyzer.segmentCandidates(first: 0, last: 45) == [5...45, 0...40])
        #expect(FinalAnalyzer.segmentCandidates(first: 0, last: 44).isEmpty)
        let spans = FinalAnalyzer.segmentCandidates(first: 0, last: 60)
        #expect(spans.count == 8 && spans.allSatisfy { $0.upperBound - $0.lowerBound >= 40 })
        #expect(FinalAnalyzer.segmentCandidates(first: 0, last: 3600).count == 2 * FinalAnalyzer.maximumTrimSteps)
        #expect(FinalAnalyzer.segmentCandidates(first: 0, last: .infinity).isEmpty)
        #expect(FinalAnalyzer.segmentCandidates(first: -1e300, last: 1e300).count == 2 * FinalAnalyzer.maximumTrimSteps)
    }

    @Test func heavyMotionIsWithheldWithAMotionFlag() {
        let bursts = stride(from: 4.0, to: 56, by: 6).map {
            ScenarioSegment(startS: $0, durationS: 3, condition: SignalCondition.typicalMotion)
        }
        let synthetic = reading(seed: 8, scenario: bursts)
        switch analyze(synthetic) {
        case .success(let result):
            #expect(result.quality == .withheld)
            #expect(result.rmssdMs == nil)
            #expect(result.flags.contains("motion"))
        case .failure(let error):
            guard case .noHeartRate = error else { Issue.record("\(error)"); return }
        }
    }

    @Test func sameInputGivesAnIdenticalResult() throws {
        let synthetic = reading(seed: 9)
        let first = try analyze(synthetic).get()
        let second = try analyze(synthetic).get()
        #expect(first == second)
        let figures = [first.heartRateBpm, first.confidence] + [first.rmssdMs, first.sdnnMs,
                                                                first.baevskyStressIndex].compactMap { $0 }
        #expect(figures.count == 5 && figures.allSatisfy(\.isFinite))
    }

    @Test func gateSwitchedOffLeavesGateKeysOut() throws {
        var options = AnalysisOptions()
        options.consistencyGate = false
        let synthetic = reading(seed: 10)
        let result = try FinalAnalyzer(options: options).analyze(frames: synthetic.frames).get()
        #expect(!result.diagnostics.gateEnabled)
        #expect(result.diagnostics.gateNPairs == nil && result.diagnostics.gateVeto == nil)
        #expect(result.rmssdMs != nil)
        #expect(result.pnn50Percent != nil && result.pnn50Percent == result.diagnostics.pnn50,
                "pNN50 is reported with HRV, the figure the diagnostics give")
    }
}
