import Glibc
import Testing
@testable import PpgCore

/// Quality indices, the quality score, and the channel choice.
struct SignalQualityTests {
    private func spectrum(_ samples: [Double], rate: Double = 30) -> PowerSpectrum {
        SpectralEstimator.periodogram(samples[...], sampleRate: rate, minimumLength: 2048)
    }

    @Test func spectralQualitySeparatesAPulseFromNoise() throws {
        var random = SeededRandom(seed: 3)
        let pulse = (0..<300).map { index -> Double in
            let phase = (Double(index) / 30 * 1.2).truncatingRemainder(dividingBy: 1)
            return (phase < 0.2 ? phase / 0.2 : exp(-(phase - 0.2) / 0.25)) + random.gaussian(sd: 0.02)
        }
        let noise = (0..<300).map { _ in random.gaussian(sd: 1) }
        let clean = try #require(SpectralQuality(spectrum: spectrum(pulse), halfWidth: 0.2))
        let noisy = try #require(SpectralQuality(spectrum: spectrum(noise), halfWidth: 0.2))
        #expect(abs(clean.heartRateBpm - 72) < 1.5)
        #expect(clean.concentration > 0.8 && clean.snrDb > 6)
        #expect(clean.harmonicRatio > 0.04)
        #expect(noisy.concentration < 0.5 && noisy.snrDb < 0)
    }

    @Test func aSinusoidHasNoHarmonic() throws {
        let sine = (0..<300).map { sin(2 * Double.pi * 2 * Double($0) / 30) }
        let quality = try #require(SpectralQuality(spectrum: spectrum(sine), halfWidth: 0.2))
        #expect(abs(quality.peakHz - 2) < 0.02)
        #expect(quality.harmonicRatio < 0.01)
    }

    @Test func harmonicPeakSkipsANoiseBumpWithoutHarmonic() {
        // Bins: a bump at bin 10 with nothing at 20; a pulse at bin 12 with its harmonic at bin 24.
        var power = [Double](repeating: 0.01, count: 64)
        power[10] = 1.0
        power[12] = 0.9
        power[24] = 0.5
        let spectrum = PowerSpectrum(power: power, resolution: 0.1)
        #expect(abs((spectrum.peakFrequency(in: 0.5...4) ?? 0) - 1.0) < 0.06)
        #expect(abs((spectrum.harmonicPeakFrequency(in: 0.5...4) ?? 0) - 1.2) < 0.06)
    }

    @Test func qualityScoreFollowsItsTerms() {
        let best = QualityScore.score(concentration: 0.95, templateCorrelation: 0.98, saturationFraction: 0,
                                      contactFraction: 1)
        #expect(best == 1)
        let noise = QualityScore.score(concentration: 0.3, templateCorrelation: 0.5, saturationFraction: 0,
                                       contactFraction: 1)
        #expect(noise < QualityScore.passThreshold)
        let clipped = QualityScore.score(concentration: 0.95, templateCorrelation: 0.98, saturationFraction: 0.5,
                                         contactFraction: 1)
        #expect(abs(clipped - 0.7) < 1e-12)
        #expect(QualityScore.score(concentration: 0.95, templateCorrelation: 0.98, saturationFraction: 0,
                                   contactFraction: 0) == 0)
    }

    @Test func signalLevelThresholds() {
        #expect(SignalLevel(qualityScore: 0.8) == .strong)
        #expect(SignalLevel(qualityScore: 0.79) == .good)
        #expect(SignalLevel(qualityScore: 0.65) == .good)
        #expect(SignalLevel(qualityScore: 0.5) == .fair)
        #expect(SignalLevel(qualityScore: 0.49) == .weak)
    }

    @Test func channelChoiceKeepsRedAndFallsBackWhenItIsClipped() {
        let red = ChannelChoice.Candidate(channel: .red, dc: 200, clippedFraction: 0, score: 0.8)
        let green = ChannelChoice.Candidate(channel: .green, dc: 60, clippedFraction: 0, score: 0.85)
        let blue = ChannelChoice.Candidate(channel: .blue, dc: 10, clippedFraction: 0, score: 0.95)
        #expect(ChannelChoice(candidates: [red, green, blue]) == ChannelChoice(channel: .red, redUnusable: false))
        var clippedRed = red
        clippedRed.dc = 255
        clippedRed.clippedFraction = 1
        #expect(ChannelChoice(candidates: [clippedRed, green, blue]) ==
            ChannelChoice(channel: .green, redUnusable: true))
        var weakRed = red
        weakRed.score = 0.6
        #expect(ChannelChoice(candidates: [weakRed, green, blue]).channel == .green)
        #expect(ChannelChoice(candidates: [clippedRed]).channel == .red)
    }

    @Test func contactRuleWantsABrightRedDominantFrame() {
        let rule = ContactRule()
        #expect(rule.isLitFingertip(FrameSample(timestamp: 0, red: 200, green: 4, blue: 20)))
        #expect(!rule.isLitFingertip(FrameSample(timestamp: 0, red: 115, green: 105, blue: 95)))
        #expect(!rule.isLitFingertip(FrameSample(timestamp: 0, red: 35, green: 2, blue: 3)))
    }

    @Test func disturbanceDetectorFindsAmplitudeBurstsAndShaking() {
        let quiet = (0..<1800).map { sin(2 * Double.pi * 1.2 * Double($0) / 30) }
        var bursty = quiet
        for index in 600..<900 { bursty[index] *= 10 }
        let segment = { UniformSegment(startTime: 0, sampleRate: 30, samples: $0) }
        let detector = DisturbanceDetector()
        #expect(detector.disturbedFraction(pulses: [segment(quiet)], motion: []) == 0)
        let fraction = detector.disturbedFraction(pulses: [segment(bursty)], motion: [])
        #expect(abs(fraction - 5.0 / 30) < 0.04)
        let shaking = (0..<500).map { MotionSample(timestamp: Double($0) / 50, x: 3 * sin(Double($0)), y: 0, z: 9.81) }
        #expect(detector.disturbedFraction(pulses: [segment(quiet)], motion: shaking) > 0.15)
    }
}
