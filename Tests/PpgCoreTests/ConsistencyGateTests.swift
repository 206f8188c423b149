import PpgCore
import Testing

/// The consistency gate.
struct ConsistencyGateTests {
    private func gate(_ observed: [Double], peakIntervalsMs: [Double]? = nil,
                      upstrokeIntervalsMs: [Double]? = nil) -> ConsistencyGateResult {
        ConsistencyGate().evaluate(ArtifactCorrector().correct(beatTimesS: observed),
                                   peakIntervalsMs: peakIntervalsMs, upstrokeIntervalsMs: upstrokeIntervalsMs)
    }

    @Test func passesCleanSinusRhythm() throws {
        for seed in UInt64(1)...10 {
            let (observed, _) = SyntheticBeats.generate(seed: seed, count: 75, timingJitterS: 0.005)
            let result = gate(observed)
            #expect(result.passed, "seed \(seed): \(result.vetoReasons)")
            #expect(result.values.nPairs == observed.count - 2)
            #expect(try #require(result.values.hfShare) < 0.5)
            #expect(try #require(result.values.maxJump) < 0.3)
            #expect(abs(try #require(result.values.compress) - 1) < 0.15)
        }
    }

    @Test(arguments: [BeatArtifact.Kind.ectopic, .missed, .extra])
    func passesSinusRhythmWithOneCorrectedArtifact(kind: BeatArtifact.Kind) throws {
        for seed in UInt64(1)...5 {
            let (observed, _) = SyntheticBeats.generate(
                seed: seed, count: 75, artifacts: [BeatArtifact(kind: kind, beatIndex: 30)], timingJitterS: 0.005)
            let result = gate(observed)
            #expect(result.passed, "seed \(seed): \(result.vetoReasons)")
            #expect(abs(try #require(result.values.compress) - 1) < 0.2)
        }
    }

    @Test func vetoesAfLikeRhythm() {
        let af = [ScenarioSegment(startS: -10, durationS: 100, condition: .typicalAF)]
        for seed in UInt64(1)...10 {
            let (observed, _) = SyntheticBeats.generate(seed: seed, count: 75, scenario: af, timingJitterS: 0.005)
            let result = gate(observed)
            #expect(!result.passed)
            #expect(result.vetoReasons.contains(.maxJump), "seed \(seed): \(result.vetoReasons)")
        }
    }

    @Test func vetoesShortSeriesAndManyMergedBeats() {
        let (short, _) = SyntheticBeats.generate(seed: 2, count: 20)
        #expect(gate(short).vetoReasons.contains(.nPairs))
        let missed = stride(from: 10, to: 70, by: 12).map { BeatArtifact(kind: .missed, beatIndex: $0) }
        let (observed, _) = SyntheticBeats.generate(seed: 2, count: 75, artifacts: missed)
        let result = gate(observed)
        #expect(result.values.nMerged == missed.count)
        #expect(abs(result.values.discardRaw - Double(missed.count) / Double(observed.count - 1)) < 1e-12)
        #expect(result.passed)  // 5 of 75 beats: below the 10 % limit
        let corrected = IntervalSeries(beatTimesS: ArtifactCorrector().correct(beatTimesS: observed).correctedBeatTimesS)
        let tooMany = ConsistencyGate().evaluate(corrected: corrected, raw: corrected, mergedCount: 8,
                                                 rawFlaggedFraction: 0.25)
        #expect(tooMany.vetoReasons == [.nMerged, .discardRaw])
    }

    /// With beats of low confidence left out, the pairs RMSSD is measured on count, not the whole series'.
    @Test func usablePairsDecideThePairCount() {
        let (observed, _) = SyntheticBeats.generate(seed: 3, count: 75)
        let correction = ArtifactCorrector().correct(beatTimesS: observed)
        let evaluate = { (pairs: Int?) in
            ConsistencyGate().evaluate(corrected: correction.correctedIntervals,
                                       raw: correction.rawIntervalsWithoutFlagged, mergedCount: 0,
                                       rawFlaggedFraction: 0, usablePairs: pairs)
        }
        #expect(evaluate(nil).values.nPairs == observed.count - 2)
        #expect(evaluate(nil).passed)
        #expect(evaluate(20).passed && evaluate(20).values.nPairs == 20)
        #expect(evaluate(19).vetoReasons == [.nPairs])
    }

    @Test func timingJitterAloneRaisesTheHighFrequencyShare() throws {
        var random = SeededRandom(seed: 5)
        let jitterOnly = (0..<80).map { Double($0) * 0.85 + random.gaussian(mean: 0, sd: 0.01) }
        let result = gate(jitterOnly)
        #expect(try #require(result.values.hfShare) > 0.6)
        #expect(result.vetoReasons.contains(.hfShare))
    }

    @Test func fiducialAgreementDecidesRps() throws {
        let (observed, _) = SyntheticBeats.generate(seed: 4, count: 75)
        let upstroke = zip(observed.dropFirst(), observed).map { ($0 - $1) * 1000 }
        var random = SeededRandom(seed: 6)
        let closePeaks = upstroke.map { $0 + random.gaussian(mean: 0, sd: 3) }
        let noisyPeaks = upstroke.map { $0 + random.gaussian(mean: 0, sd: 60) }
        let agreeing = gate(observed, peakIntervalsMs: closePeaks, upstrokeIntervalsMs: upstroke)
        #expect(try #require(agreeing.values.rPs) > 0.9)
        #expect(agreeing.passed)
        let disagreeing = gate(observed, peakIntervalsMs: noisyPeaks, upstrokeIntervalsMs: upstroke)
        #expect(try #require(disagreeing.values.rPs) < 0.7)
        #expect(disagreeing.vetoReasons == [.rPs])
        #expect(gate(observed, peakIntervalsMs: Array(closePeaks.dropLast()), upstrokeIntervalsMs: upstroke)
            .values.rPs == nil)
    }

    @Test func compressionRatioComparesCorrectedAndRawRmssd() throws {
        let (observed, _) = SyntheticBeats.generate(seed: 7, count: 75)
        let corrected = IntervalSeries(beatTimesS: observed)
        func amplified(_ factor: Double) -> IntervalSeries {
            let intervals = corrected.intervalsMs.map { 850 + factor * ($0 - 850) }
            return IntervalSeries(beatTimesS: intervals.reduce(into: [0.0]) { $0.append($0.last! + $1 / 1000) })
        }
        let result = ConsistencyGate().evaluate(corrected: corrected, raw: amplified(1.9), mergedCount: 0,
                                                rawFlaggedFraction: 0)
        #expect(abs(try #require(result.values.compress) - 1 / 1.9) < 1e-9)
        #expect(result.passed)
        let stronger = ConsistencyGate().evaluate(corrected: corrected, raw: amplified(2.1), mergedCount: 0,
                                                  rawFlaggedFraction: 0)
        #expect(stronger.vetoReasons == [.compress])
    }
}
