import Testing
@testable import PpgCore

/// The beat/spectral cross-check accepts a majority of quality windows whose own spectral
/// peak matches the beat rate when motion has moved the reading-level peak, and nothing less.
struct FinalAnalyzerSpectralAgreementTests {
    private func window(peakBpm: Double?) -> QualityWindow {
        QualityWindow(start: 0, end: 10,
                      spectral: peakBpm.map { SpectralQuality(peakHz: $0 / 60, concentration: 0.8, harmonicRatio: 0.1) },
                      templateCorrelation: 0.9, saturationFraction: 0, contactFraction: 1, amplitude: 2, skewness: 0)
    }

    /// A reading-level spectrum peaking at `bpm` (a single non-zero bin).
    private func spectrum(peakBpm bpm: Double) -> PowerSpectrum {
        let resolution = 0.01
        var power = [Double](repeating: 0, count: 600)
        power[Int((bpm / 60 / resolution).rounded())] = 1
        return PowerSpectrum(power: power, resolution: resolution)
    }

    @Test func aMajorityOfWindowsAtTheBeatRateConfirmsItWhenMotionMovedTheReadingPeak() {
        let windows = [70.0, 71, 69, 44, 70].map { window(peakBpm: $0) }
        let evidence = ReadingEvidence(windows: windows, spectrum: spectrum(peakBpm: 44), motionFraction: 0.2)
        #expect(abs((evidence.spectral?.heartRateBpm ?? 0) - 44) < 1)
        #expect(evidence.spectralAgreement(withBeatRate: 70, toleranceBpm: 5))
    }

    @Test func halfTheWindowsOrFewerDoNotConfirm() {
        let windows = [70.0, 44, 45, 70].map { window(peakBpm: $0) } + [window(peakBpm: nil)]
        let evidence = ReadingEvidence(windows: windows, spectrum: spectrum(peakBpm: 44), motionFraction: 0.2)
        #expect(!evidence.spectralAgreement(withBeatRate: 70, toleranceBpm: 5))
        #expect(!ReadingEvidence(windows: [], spectrum: nil, motionFraction: 0)
            .spectralAgreement(withBeatRate: 70, toleranceBpm: 5))
    }

    @Test func theReadingPeakAloneStillConfirms() {
        let windows = [44.0, 45, 70].map { window(peakBpm: $0) }
        let evidence = ReadingEvidence(windows: windows, spectrum: spectrum(peakBpm: 70), motionFraction: 0)
        #expect(evidence.spectralAgreement(withBeatRate: 71, toleranceBpm: 5))
    }
}
