import Glibc

/// Spectral figures of a band-passed pulse window: the dominant frequency in 0.5–4 Hz, the share
/// of power at it and its first harmonic (`spectral_concentration`) and the resulting SNR.
public struct SpectralQuality: Sendable, Equatable {
    /// Heart-rate band searched for the peak, Hz (40–240 bpm): below 0.66 Hz, at the band-pass edge, baseline
    /// wander and motion dominate the spectrum and a resting adult heart rarely beats.
    public static let heartBand: ClosedRange<Double> = 0.66...4

    /// Dominant frequency in the heart band (largest `P(f) + P(2f)`), Hz.
    public var peakHz: Double
    /// `(P[f₀ ± w] + P[2f₀ ± w]) / P[0.5–4 Hz]`, 0…1.
    public var concentration: Double

    /// `P[2f₀ ± w] / P[f₀ ± w]`: a pulse wave carries a first harmonic (≥ 0.04 in every real window measured), a
    /// sinusoidal light flicker next to none.
    public var harmonicRatio: Double

    /// Creates the figures directly.
    public init(peakHz: Double, concentration: Double, harmonicRatio: Double) {
        self.peakHz = peakHz
        self.concentration = concentration
        self.harmonicRatio = harmonicRatio
    }

    /// Measures `spectrum`; `halfWidth` is the band around f₀ and 2f₀ counted as signal (at least the window's main
    /// lobe). Nil when the heart band holds no power.
    public init?(spectrum: PowerSpectrum, halfWidth: Double) {
        guard let peak = spectrum.harmonicPeakFrequency(in: Self.heartBand) else { return nil }
        let total = spectrum.power(in: Self.heartBand)
        guard total > 0 else { return nil }
        let fundamental = spectrum.power(in: (peak - halfWidth)...(peak + halfWidth))
        let harmonicBand = max(2 * peak - halfWidth, peak + halfWidth + 1e-9)...(2 * peak + halfWidth)
        let harmonic = 2 * peak - halfWidth <= Self.heartBand.upperBound
            ? spectrum.power(in: harmonicBand.clamped(to: Self.heartBand)) : 0
        self.init(peakHz: peak, concentration: min(1, (fundamental + harmonic) / total),
                  harmonicRatio: fundamental > 0 ? harmonic / fundamental : 0)
    }

    /// `10·log10(conc / (1 − conc))`, limited to ±40 dB.
    public var snrDb: Double {
        let clipped = min(max(concentration, 1e-4), 1 - 1e-4)
        return 10 * log10(clipped / (1 - clipped))
    }

    /// The dominant frequency as beats per minute.
    public var heartRateBpm: Double { 60 * peakHz }
}
