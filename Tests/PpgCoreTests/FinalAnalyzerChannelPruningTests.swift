import Testing
@testable import PpgCore

/// The final analysis stops measuring a channel's quality windows once the channel provably cannot be chosen; these
/// tests check that the shortcut never changes the choice.
struct FinalAnalyzerChannelPruningTests {
    /// Readings without a torch: all three channels have a usable level and a pulse of differing strength.
    private func ambientReading(seed: UInt64, ac: ChannelTriple, noise: ChannelTriple) -> SyntheticReading {
        var camera = CameraParameters(framesPerSecond: 30)
        camera.dc = ChannelTriple(red: 120, green: 110, blue: 90)
        camera.acFraction = ac
        camera.noise = noise
        return SyntheticReading(configuration: SyntheticConfiguration(seed: seed, camera: camera))
    }

    private var cases: [SyntheticReading] {
        [
            ambientReading(seed: 1, ac: ChannelTriple(red: 0.004, green: 0.012, blue: 0.006),
                           noise: ChannelTriple(red: 0.12, green: 0.12, blue: 0.12)),
            ambientReading(seed: 2, ac: ChannelTriple(red: 0.015, green: 0.002, blue: 0.001),
                           noise: ChannelTriple(red: 0.12, green: 0.3, blue: 0.4)),
            ambientReading(seed: 3, ac: ChannelTriple(red: 0.001, green: 0.01, blue: 0.01),
                           noise: ChannelTriple(red: 0.4, green: 0.12, blue: 0.2)),
        ]
    }

    /// Every channel of every case analysed without a bar, beside its reading's signal. A channel without a bar is
    /// always analysed: an issue is recorded for one that is not.
    private func channelAnalyses(_ analyzer: FinalAnalyzer,
                                 sourceLocation: SourceLocation = #_sourceLocation)
        -> [(signal: ReadingSignal, analysis: FinalAnalyzer.ChannelAnalysis)] {
        var analyses: [(signal: ReadingSignal, analysis: FinalAnalyzer.ChannelAnalysis)] = []
        for reading in cases {
            let signal = ReadingSignal(frames: reading.frames)
            var plans = FourierPlans()
            for channel in PulseChannel.allCases {
                if let analysis = analyzer.analyzeChannel(channel, signal: signal, motion: [], plans: &plans,
                                                          levels: analyzer.channelLevels(channel, signal)) {
                    analyses.append((signal, analysis))
                } else {
                    Issue.record("a channel without a bar is always analysed", sourceLocation: sourceLocation)
                }
            }
        }
        return analyses
    }

    @Test func scoreBoundIsNeverBelowTheMeasuredScore() {
        let analyzer = FinalAnalyzer()
        for (signal, analysis) in channelAnalyses(analyzer) {
            for window in analysis.evidence.windows {
                let levels = QualityFrameLevels(frames: signal.frames[...], meter: analyzer.qualityMeter)
                let bound = analyzer.qualityMeter.scoreUpperBound(start: window.start, end: window.end,
                                                                  levels: levels, beats: analysis.beats)
                #expect(bound >= window.score)
            }
        }
    }

    @Test func pruningKeepsTheChoiceOfTheFullComparison() throws {
        let analyzer = FinalAnalyzer()
        var pruned = 0
        for reading in cases {
            let signal = ReadingSignal(frames: reading.frames)
            var plans = FourierPlans()
            let full = PulseChannel.allCases.compactMap {
                analyzer.analyzeChannel($0, signal: signal, motion: [], plans: &plans,
                                        levels: analyzer.channelLevels($0, signal))
            }
            let expected = ChannelChoice(candidates: full.map(\.candidate)).channel
            var kept: [ChannelChoice.Candidate] = []
            for analysis in full {
                let bar = FinalAnalyzer.scoreToBeat(kept)
                if analyzer.analyzeChannel(analysis.candidate.channel, signal: signal, motion: [], plans: &plans,
                                           levels: analyzer.channelLevels(analysis.candidate.channel, signal),
                                           mustExceed: bar) == nil {
                    pruned += 1
                    let score = try #require(analysis.candidate.score), threshold = try #require(bar)
                    #expect(score <= threshold)
                } else {
                    kept.append(analysis.candidate)
                }
            }
            let result = try analyzer.analyze(frames: reading.frames).get()
            #expect(result.diagnostics.channel == expected)
        }
        #expect(pruned > 0)
    }

    @Test func theFramesBoundIsNeverBelowTheBeatsBound() {
        let analyzer = FinalAnalyzer()
        for (signal, analysis) in channelAnalyses(analyzer) {
            for window in analysis.evidence.windows {
                let levels = QualityFrameLevels(frames: signal.frames[...], meter: analyzer.qualityMeter)
                #expect(analyzer.qualityMeter.frameScoreUpperBound(start: window.start, end: window.end,
                                                                  levels: levels)
                    >= analyzer.qualityMeter.scoreUpperBound(start: window.start, end: window.end,
                                                             levels: levels, beats: analysis.beats))
            }
        }
    }

    /// A channel ruled out by its frames alone (before its beats are sought) is one the window-by-window pruning
    /// drops too, for bars around its own mean score and above the highest score a window can reach.
    @Test func theFramesRuleOutOnlyChannelsThePruningDrops() {
        let analyzer = FinalAnalyzer()
        var ruledOut = 0, kept = 0
        var plans = FourierPlans()
        for (signal, analysis) in channelAnalyses(analyzer) {
            let mean = analysis.evidence.meanScore
            for bar in [mean - 0.05, mean + 0.01, 1.0, 1.01] {
                let pruned = analyzer.qualityWindows(signal: signal, pulses: analysis.pulses, beats: analysis.beats,
                                                     cut: nil, plans: &plans, mustExceed: bar) == nil
                if analyzer.framesRuleOut(bar, signal: signal, cut: nil) {
                    #expect(pruned, "ruled out at bar \(bar) although its windows reach \(mean)")
                    ruledOut += 1
                } else {
                    kept += 1
                }
            }
        }
        #expect(ruledOut > 0 && kept > 0)
    }

    @Test func theBarIsRedsScorePlusItsMarginOrTheBestOtherScore() {
        func candidate(_ channel: PulseChannel, _ score: Double?) -> ChannelChoice.Candidate {
            ChannelChoice.Candidate(channel: channel, dc: 100, clippedFraction: 0, score: score)
        }
        let margin = ChannelChoice.preferRedMargin
        #expect(FinalAnalyzer.scoreToBeat([]) == nil)
        #expect(FinalAnalyzer.scoreToBeat([candidate(.red, nil)]) == nil)
        #expect(FinalAnalyzer.scoreToBeat([candidate(.red, 0.7)]) == 0.7 + margin)
        #expect(FinalAnalyzer.scoreToBeat([candidate(.red, 0.7), candidate(.green, 0.9)]) == 0.9)
        #expect(FinalAnalyzer.scoreToBeat([candidate(.red, nil), candidate(.green, 0.6)]) == 0.6)
    }
}
