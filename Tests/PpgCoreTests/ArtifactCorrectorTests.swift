import PpgCore
import Testing

/// Lipponen & Tarvainen artifact correction.
struct ArtifactCorrectorTests {
    private static let labelFor: [BeatArtifact.Kind: BeatLabel] = [.ectopic: .ectopic, .missed: .missed, .extra: .extra]

    @Test(arguments: [BeatArtifact.Kind.ectopic, .missed, .extra])
    func findsEachInjectedArtifactAndRestoresMetrics(kind: BeatArtifact.Kind) throws {
        for seed in UInt64(1)...20 {
            let (observed, clean) = SyntheticBeats.generate(
                seed: seed, count: 80, artifacts: [BeatArtifact(kind: kind, beatIndex: 40)])
            let correction = ArtifactCorrector().correct(beatTimesS: observed)
            // Observed index 40 is the ectopic beat, the extra pulse, or (missed) the beat after the gap.
            #expect(correction.labels[40] == Self.labelFor[kind], "seed \(seed)")
            #expect(correction.correctedBeatTimesS.count == clean.count, "seed \(seed)")
            let truth = HrvMetrics(beatTimesS: clean)
            let raw = HrvMetrics(beatTimesS: observed)
            let fixed = HrvMetrics(beatTimesS: correction.correctedBeatTimesS)
            let truthRmssd = try #require(truth.rmssd), truthSdnn = try #require(truth.sdnn)
            #expect(try #require(raw.rmssd) > 2 * truthRmssd)
            #expect(abs(try #require(fixed.rmssd) - truthRmssd) < 0.05 * truthRmssd, "seed \(seed)")
            #expect(abs(try #require(fixed.sdnn) - truthSdnn) < 0.03 * truthSdnn, "seed \(seed)")
        }
    }

    @Test func correctsSeveralArtifactsInOneSeries() throws {
        let artifacts = [BeatArtifact(kind: .ectopic, beatIndex: 20), BeatArtifact(kind: .missed, beatIndex: 45),
                         BeatArtifact(kind: .extra, beatIndex: 70)]
        let (observed, clean) = SyntheticBeats.generate(seed: 3, count: 100, artifacts: artifacts)
        let correction = ArtifactCorrector().correct(beatTimesS: observed)
        #expect(correction.labels[20] == .ectopic)
        #expect(correction.labels[45] == .missed)  // the beat after the gap
        #expect(correction.labels[69] == .extra)
        #expect(correction.counts == ArtifactCounts(ectopic: 1, missed: 1, extra: 1, longShort: 0))
        #expect(correction.nMerged == 2)
        #expect(correction.sourceIndices.filter { $0 == nil }.count == 1)
        #expect(!correction.sourceIndices.contains(69))
        #expect(abs(correction.rawFlaggedFraction - 3.0 / Double(observed.count - 1)) < 1e-12)
        let truth = try #require(HrvMetrics(beatTimesS: clean).rmssd)
        let fixed = try #require(HrvMetrics(beatTimesS: correction.correctedBeatTimesS).rmssd)
        #expect(abs(fixed - truth) < 0.05 * truth)
        #expect(correction.rawIntervals == IntervalSeries(beatTimesS: observed))
        let kept = correction.rawIntervalsWithoutFlagged
        #expect(kept.count == correction.rawIntervals.count - 6)
        #expect(!kept.endTimesS.contains(observed[20]) && !kept.endTimesS.contains(observed[21]))
    }

    @Test func cleanSeriesAreBarelyTouched() throws {
        var flagged = 0, intervals = 0
        for seed in UInt64(1)...20 {
            let (observed, _) = SyntheticBeats.generate(seed: seed, count: 75, timingJitterS: 0.005)
            let correction = ArtifactCorrector().correct(beatTimesS: observed)
            flagged += correction.counts.total
            intervals += observed.count - 1
            #expect(correction.nMerged == 0)
            let before = try #require(HrvMetrics(beatTimesS: observed).rmssd)
            let after = try #require(HrvMetrics(beatTimesS: correction.correctedBeatTimesS).rmssd)
            #expect(after <= before * 1.001 && after > 0.85 * before)
        }
        #expect(Double(flagged) / Double(intervals) < 0.02)
    }

    @Test func droppedMissedIntervalsLeaveTheSeries() throws {
        let (observed, clean) = SyntheticBeats.generate(
            seed: 12, count: 70, artifacts: [BeatArtifact(kind: .missed, beatIndex: 35)])
        var parameters = ArtifactCorrector.Parameters()
        parameters.missedBeatHandling = .dropInterval
        let correction = ArtifactCorrector(parameters: parameters).correct(beatTimesS: observed)
        #expect(correction.nMerged == 1)
        #expect(correction.correctedIntervals.count == clean.count - 3)
        let metrics = HrvMetrics(series: correction.correctedIntervals)
        #expect(metrics.nPairs == clean.count - 5)
        let truth = try #require(HrvMetrics(beatTimesS: clean).rmssd)
        #expect(abs(try #require(metrics.rmssd) - truth) < 0.05 * truth)
        #expect(correction.correctedIntervals.intervalsMs.allSatisfy { $0 < 1100 })
    }

    @Test func correctsRunsSplitAtGapsSeparately() throws {
        let (observed, clean) = SyntheticBeats.generate(
            seed: 14, count: 90, artifacts: [BeatArtifact(kind: .ectopic, beatIndex: 15),
                                             BeatArtifact(kind: .extra, beatIndex: 70)])
        let first = Array(observed[..<40]), second = Array(observed[45...])
        let joined = ArtifactCorrector().correct(beatTimeSegments: [first, second])
        let separate = [first, second].map { ArtifactCorrector().correct(beatTimesS: $0) }
        #expect(joined.labels.count == first.count + second.count)
        #expect(joined.labels[15] == .ectopic)
        #expect(joined.labels[40 + 70 - 45] == .extra)
        #expect(joined.counts == separate[0].counts.adding(separate[1].counts))
        #expect(joined.correctedBeatTimesS == separate[0].correctedBeatTimesS + separate[1].correctedBeatTimesS)
        #expect(joined.sourceIndices.compactMap { $0 }.last == first.count + second.count - 1)
        let metrics = HrvMetrics(series: joined.correctedIntervals)
        #expect(metrics.count == first.count - 1 + second.count - 2)
        #expect(metrics.nPairs == metrics.count - 2)
        let truth = HrvMetrics(series: IntervalSeries(beatTimeSegments: [Array(clean[..<40]), Array(clean[45...])]))
        #expect(abs(try #require(metrics.rmssd) - truth.rmssd!) < 0.05 * truth.rmssd!)
    }

    @Test func randomArtifactsAnywhereKeepBeatsOrdered() {
        var random = SeededRandom(seed: 31)
        let kinds: [BeatArtifact.Kind] = [.ectopic, .missed, .extra]
        for seed in UInt64(1)...60 {
            let artifacts = (0..<3).map { _ in
                BeatArtifact(kind: kinds[Int(random.next() % 3)], beatIndex: Int(random.next() % 30))
            }
            let (observed, _) = SyntheticBeats.generate(seed: seed, count: 30, artifacts: artifacts,
                                                        timingJitterS: 0.01)
            let correction = ArtifactCorrector().correct(beatTimesS: observed)
            let beats = correction.correctedBeatTimesS
            #expect(zip(beats.dropFirst(), beats).allSatisfy { $0 > $1 }, "seed \(seed)")
            #expect(correction.labels.count == observed.count)
            #expect(correction.sourceIndices.count == beats.count)
            #expect(beats.count == observed.count + correction.counts.missed - correction.counts.extra)
        }
    }

    @Test func shortAndRegularSeries() {
        let short = ArtifactCorrector().correct(beatTimesS: [0, 0.8, 1.6, 3.2])
        #expect(short.correctedBeatTimesS == [0, 0.8, 1.6, 3.2])
        #expect(short.iterations == 0 && short.counts.total == 0 && short.rawFlaggedFraction == 0)
        #expect(ArtifactCorrector().correct(beatTimesS: []).correctedBeatTimesS.isEmpty)

        var regular = (0..<40).map { Double($0) * 0.8 }
        regular.insert(20.5 * 0.8, at: 21)
        let correction = ArtifactCorrector().correct(beatTimesS: regular)
        #expect(correction.labels[21] == .extra)
        #expect(correction.correctedBeatTimesS == (0..<40).map { Double($0) * 0.8 })
    }
}

/// The Malik 20 % rule for live estimates.
struct MalikIntervalFilterTests {
    @Test func rejectsJumpsAgainstThePreviousAcceptedInterval() {
        let decisions = MalikIntervalFilter.decisions(for: [800, 830, 1100, 840, 500, 820, 985, 980])
        #expect(decisions == [.accept, .accept, .reject, .accept, .reject, .accept, .reject, .accept])
    }

    @Test func runningMedianIgnoresOneOutlierInTheHistory() {
        var filter = MalikIntervalFilter(reference: .runningMedian(count: 5))
        for interval in [800.0, 810, 790, 805] { #expect(filter.evaluate(interval) == .accept) }
        #expect(filter.evaluate(970) == .reject)  // > 20 % above the median 802.5
        #expect(filter.evaluate(955) == .accept)  // within 20 % of 802.5
        #expect(filter.evaluate(640) == .reject)  // 20.5 % below the median 805 of the last five
        #expect(filter.evaluate(760) == .accept)  // 955 does not drag the reference: 760 is within 20 % of 805
        var previous = MalikIntervalFilter()
        for interval in [800.0, 955] { #expect(previous.evaluate(interval) == .accept) }
        #expect(previous.evaluate(760) == .reject)  // against the previous accepted 955 it is −20.4 %
    }

    @Test func restartsAfterConsecutiveRejections() {
        var filter = MalikIntervalFilter()
        #expect(filter.evaluate(400) == .accept)  // a wrong first interval
        for _ in 0..<3 { #expect(filter.evaluate(800) == .reject) }
        #expect(filter.evaluate(800) == .accept)
        #expect(filter.evaluate(820) == .accept)
    }
}
