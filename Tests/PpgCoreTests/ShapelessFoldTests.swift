import Testing
@testable import PpgCore

/// Shapeless folds (`FoldedRate.isShapeless`: above `FoldedRate.shapelessFoldBpm`, whose band-passed cycle is one
/// sinusoid, or a cycle all but one sinusoid at any rate): they stand only when they keep their phase over short
/// windows (`FoldedRate.shapelessFoldChance`). Pulse-free windows of the saturated captures
/// (`nfv-bench honesty-windows`) were answered at `usable` from such folds of noise before.
struct ShapelessFoldTests {
    /// Seeds and starts (s) of the 60 s windows of pulse-free twins (`SaturatedWeakPulse.pulseFreeConfiguration`,
    /// 90 s) that the fold answered at 203.3, 178.2 and 171.3 bpm.
    static let twinWindows: [(seed: UInt64, startS: Double)] = [(42, 0), (42, 5), (109, 5)]

    @Test(arguments: twinWindows)
    func aPulseFreeWindowGetsNoHeartRateFromAFastFold(window: (seed: UInt64, startS: Double)) {
        let capture = SaturatedWeakPulse(seed: window.seed)
        let twin = SyntheticReading(configuration: capture.pulseFreeConfiguration, durationS: 90)
        let frames = twin.frames.filter { $0.timestamp >= window.startS && $0.timestamp < window.startS + 60 }
        let result = try? FinalAnalyzer().analyze(frames: frames).get()
        #expect(result.map { $0.quality == .withheld } ?? true,
                "\(result.map { "\($0.heartRateBpm) bpm, \($0.quality), \($0.diagnostics.hrSource)" } ?? "")")
    }

    /// Seeds, starts (s) and channels of the 60 s windows of pulse-free twins that the fold answered at `usable` below
    /// `FoldedRate.shapelessFoldBpm`, at 146.1 bpm (blue, continuous frame means) and 123.9 bpm (red, whole counts).
    static let slowTwinWindows: [(seed: UInt64, startS: Double, channel: PulseChannel)] = [(133, 15, .blue),
                                                                                             (153, 7.5, .red)]

    /// Below `FoldedRate.shapelessFoldBpm` the fold of noise that answered is all but one sinusoid
    /// (`FoldedRate.isShapeless`, coherence 0.70–0.72) that does not keep its phase over short windows: it no longer
    /// stands, and the window gets no heart rate at quality ≥ usable.
    @Test(arguments: slowTwinWindows)
    func aPulseFreeWindowGetsNoHeartRateFromASinusoidalFold(window: (seed: UInt64, startS: Double,
                                                                      channel: PulseChannel)) {
        let capture = SaturatedWeakPulse(seed: window.seed)
        let twin = SyntheticReading(configuration: capture.pulseFreeConfiguration, durationS: 90)
        let frames = twin.frames.filter { $0.timestamp >= window.startS && $0.timestamp < window.startS + 60 }
        let pulses = ReadingSignal(frames: frames).rawSegments(of: window.channel).map(BeatExtractor().pulseWaveform)
        var plans = FourierPlans()
        let candidates = FoldedRate.candidates(pulses: pulses, plans: &plans)
        let coherent = candidates.compactMap { PulseFold.searched(pulses: pulses, aroundPeriod: 60 / $0) }
            .filter { $0.coherence >= FoldedRate.minimumCoherence
                && 60 / $0.periodSeconds <= FoldedRate.shapelessFoldBpm }
        #expect(coherent.contains {
            FoldedRate.isShapeless($0, rateBpm: 60 / $0.periodSeconds)
                && $0.shortWindowChance(pulses: pulses) > FoldedRate.shapelessFoldChance
        })
        #expect(candidates.allSatisfy {
            FoldedRate.standing(pulses: pulses, candidateBpm: $0, channel: window.channel) == nil
        })
        let result = try? FinalAnalyzer().analyze(frames: frames).get()
        #expect(result.map { $0.quality == .withheld } ?? true,
                "\(result.map { "\($0.heartRateBpm) bpm, \($0.quality), \($0.diagnostics.hrSource)" } ?? "")")
    }

    /// A faint pulse at 165 bpm (a count of red at 251, whole-count frame means, as `SaturatedCaptureTests` makes
    /// it), folded at the most coherent period near its rate, keeps its phase over the short windows beyond what the
    /// rule asks; the same capture without its pulse, folded the same way, does not.
    @Test func aFaintFastPulseKeepsItsPhaseOverShortWindowsAndNoiseDoesNot() throws {
        var camera = CameraParameters.saturatedDeadGreen(redDc: 251, pulseCounts: 1)
        camera.quantize = true
        let pulse = SyntheticReading(configuration: SyntheticConfiguration(
            seed: 32, rhythm: RhythmParameters(heartRateBpm: 165), camera: camera))
        var silent = camera
        silent.acFraction = ChannelTriple(all: 0)
        let noise = SyntheticReading(configuration: SyntheticConfiguration(
            seed: 32, rhythm: RhythmParameters(heartRateBpm: 165), camera: silent))
        let chance = { (reading: SyntheticReading) throws -> Double in
            let red = ReadingSignal(frames: reading.frames).rawSegments(of: .red).map(BeatExtractor().pulseWaveform)
            let fold = try #require(PulseFold.searched(pulses: red, aroundPeriod: 60 / 165))
            return fold.shortWindowChance(pulses: red)
        }
        #expect(try chance(pulse) < FoldedRate.shapelessFoldChance)
        #expect(try chance(noise) > 1e-3)
    }
}
