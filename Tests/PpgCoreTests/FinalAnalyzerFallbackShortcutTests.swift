import Testing
@testable import PpgCore

/// When no lit channel's spectrum shows the pulse, the final analysis looks at the clipped or dark channels' spectra
/// too; while a lit channel is eligible, such a channel whose spectrum holds no rate is dropped before its beats
/// and quality windows are measured. These tests check that the shortcut never changes a result.
struct FinalAnalyzerFallbackShortcutTests {
    /// A torch reading whose first seconds hold the finger being placed (the whole's red spectrum then holds no
    /// rate), and saturated weak-pulse captures (red near clipping, green dim).
    private var readings: [[FrameSample]] {
        let placed = (1...3).map { seed in
            SyntheticReading(configuration: SyntheticConfiguration(
                seed: UInt64(seed), camera: CameraParameters(framesPerSecond: 60),
                scenario: [ScenarioSegment(startS: 0, durationS: 5, condition: .fingerLifted),
                           ScenarioSegment(startS: 30, durationS: 3, condition: .typicalMotion)])).frames
        }
        let saturated = (0..<6).map {
            SyntheticReading(configuration: SaturatedWeakPulse(seed: $0).configuration).frames
        }
        return placed + saturated
    }

    /// The span measured as before the shortcut: every channel without a usable level fully analysed whenever no
    /// analysed channel holds a spectral rate.
    private func fullMeasurement(of measured: FinalAnalyzer.SpanMeasurement,
                                 analyzer: FinalAnalyzer) -> FinalAnalyzer.SpanMeasurement {
        var full = measured
        guard measured.refusal == nil, !measured.analyses.contains(where: { $0.spectralRate != nil }) else {
            return full
        }
        var plans = FourierPlans()
        let present = Set(measured.analyses.map(\.candidate.channel))
        for channel in PulseChannel.allCases where !present.contains(channel) {
            let levels = analyzer.channelLevels(channel, measured.signal)
            guard !ChannelChoice.hasUsableLevel(levels) else { continue }
            if let analysis = analyzer.analyzeChannel(channel, signal: measured.signal, motion: [], plans: &plans,
                                                      levels: levels) {
                full.analyses.append(analysis)
            }
        }
        full.selection = analyzer.selection(among: full.analyses,
                                            redDc: analyzer.channelLevels(.red, measured.signal).dc)
        return full
    }

    @Test func droppingAFallbackChannelWithoutARateChangesNoResult() {
        let analyzer = FinalAnalyzer()
        var dropped = 0
        for frames in readings {
            var plans = FourierPlans()
            let measured = analyzer.measureSpan(frames: frames, motion: [], plans: &plans)
            let full = fullMeasurement(of: measured, analyzer: analyzer)
            dropped += full.analyses.count - measured.analyses.count
            for screening in [true, false] {
                let shortcut = analyzer.result(of: measured, screening: screening)
                let reference = analyzer.result(of: full, screening: screening)
                #expect(shortcut == reference)
            }
        }
        #expect(dropped > 0)
    }

    @Test func aFallbackChannelIsDroppedOnlyWithoutASpectralRate() {
        let analyzer = FinalAnalyzer()
        for frames in readings {
            let signal = ReadingSignal(frames: frames)
            var plans = FourierPlans()
            for channel in PulseChannel.allCases {
                let levels = analyzer.channelLevels(channel, signal)
                let shortcut = analyzer.analyzeChannel(channel, signal: signal, motion: [], plans: &plans,
                                                       levels: levels, onlyWithSpectralRate: true)
                let full = analyzer.analyzeChannel(channel, signal: signal, motion: [], plans: &plans, levels: levels)
                #expect((shortcut == nil) == (full?.spectralRate == nil))
                if let shortcut {
                    #expect(shortcut.spectralRate == full?.spectralRate)
                    #expect(shortcut.beats.map(\.time) == full?.beats.map(\.time))
                    #expect(shortcut.evidence.meanScore == full?.evidence.meanScore)
                }
            }
        }
    }
}
