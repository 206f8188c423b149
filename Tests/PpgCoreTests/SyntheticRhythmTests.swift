import Glibc
import PpgCore
import Testing

/// The synthetic RR generator: analytic truths, artifact injection, AF-like segments.
struct SyntheticRhythmTests {
    private func beats(count: Int, seed: UInt64, rhythm: RhythmParameters = RhythmParameters(),
                       artifacts: [BeatArtifact] = [], scenario: [ScenarioSegment] = []) -> [SyntheticBeat] {
        var generator = RhythmGenerator(seed: seed)
        var result: [SyntheticBeat] = []
        for _ in 0..<count {
            let (extra, beat) = generator.next(rhythm: rhythm, riav: 0.15, artifacts: artifacts, scenario: scenario)
            if let extra { result.append(extra) }
            result.append(beat)
        }
        return result
    }

    @Test(arguments: [
        RhythmParameters(),
        RhythmParameters(heartRateBpm: 50, breathingRateBrpm: 9, rsaAmplitudeMs: 50, lfAmplitudeMs: 25,
                         whiteNoiseMs: 4),
        RhythmParameters(heartRateBpm: 110, breathingRateBrpm: 20, rsaAmplitudeMs: 8, lfAmplitudeMs: 5,
                         whiteNoiseMs: 12),
    ])
    func metricsMatchTheAnalyticFormulas(rhythm: RhythmParameters) throws {
        let series = beats(count: 4000, seed: 11, rhythm: rhythm).map(\.cleanOnsetS)
        let metrics = HrvMetrics(beatTimesS: series)
        let rr0 = rhythm.meanIntervalMs / 1000
        let rsa = rhythm.rsaAmplitudeMs, lf = rhythm.lfAmplitudeMs, white = rhythm.whiteNoiseMs
        let expectedRmssd = (2 * rsa * rsa * pow(sin(Double.pi * rhythm.breathingFrequencyHz * rr0), 2)
            + 2 * lf * lf * pow(sin(Double.pi * rhythm.lfFrequencyHz * rr0), 2) + 2 * white * white).squareRoot()
        let expectedSdnn = (rsa * rsa / 2 + lf * lf / 2 + white * white).squareRoot()
        let rmssd = try #require(metrics.rmssd), sdnn = try #require(metrics.sdnn)
        #expect(abs(rmssd - expectedRmssd) < 0.06 * expectedRmssd)
        #expect(abs(sdnn - expectedSdnn) < 0.06 * expectedSdnn)
        #expect(abs(try #require(metrics.meanNN) - rhythm.meanIntervalMs) < 0.01 * rhythm.meanIntervalMs)
    }

    @Test func artifactsLeaveTheCleanSeriesUntouched() {
        let artifacts = [BeatArtifact(kind: .ectopic, beatIndex: 10), BeatArtifact(kind: .missed, beatIndex: 20),
                         BeatArtifact(kind: .extra, beatIndex: 30)]
        let clean = beats(count: 40, seed: 5).filter(\.isHeartbeat)
        let injected = beats(count: 40, seed: 5, artifacts: artifacts)
        let heartbeats = injected.filter(\.isHeartbeat)
        #expect(heartbeats.map(\.cleanOnsetS) == clean.map(\.cleanOnsetS))

        let ectopic = heartbeats[10]
        #expect(ectopic.kind == .ectopic)
        let shift = 0.3 * (clean[10].cleanOnsetS - clean[9].cleanOnsetS)
        #expect(abs(ectopic.onsetS - (clean[10].cleanOnsetS - shift)) < 1e-12)

        #expect(heartbeats[20].kind == .missed && heartbeats[20].amplitude == 0)

        let extras = injected.filter { $0.kind == .extra }
        #expect(extras.count == 1)
        let extra = extras[0]
        #expect(extra.index == 30)
        #expect(abs(extra.onsetS - 0.5 * (clean[29].onsetS + clean[30].onsetS)) < 1e-12)
        #expect(abs(extra.amplitude - 0.5 * clean[30].amplitude) < 1e-12)
        let unaffected = heartbeats.indices.filter { ![10, 20].contains($0) }
        #expect(unaffected.allSatisfy { heartbeats[$0] == clean[$0] })
    }

    @Test func afLikeSegmentHasIrregularIntervals() {
        let segment = ScenarioSegment(startS: 100, durationS: 200, condition: .typicalAF)
        let all = beats(count: 450, seed: 3, scenario: [segment])
        let inside = all.filter { segment.contains($0.cleanOnsetS) }
        #expect(inside.allSatisfy { $0.kind == .afLike })
        #expect(all.filter { !segment.contains($0.cleanOnsetS) }.allSatisfy { $0.kind == .normal })
        let intervals = zip(inside.dropFirst(), inside).map { ($0.cleanOnsetS - $1.cleanOnsetS) * 1000 }
        let variation = TestStatistics.standardDeviation(intervals) / TestStatistics.mean(intervals)
        #expect(abs(variation - 0.15) < 0.03)
        let metrics = HrvMetrics(beatTimesS: inside.map(\.cleanOnsetS))
        #expect(metrics.rmssd! > 100)
    }

    @Test func amplitudeFollowsRespiratoryModulation() {
        let rhythm = RhythmParameters()
        let sample = beats(count: 100, seed: 8, rhythm: rhythm)
        for beat in sample {
            let expected = 1 + 0.15 * sin(2 * Double.pi * rhythm.breathingFrequencyHz * beat.cleanOnsetS)
            #expect(abs(beat.amplitude - expected) < 1e-12)
        }
    }
}
