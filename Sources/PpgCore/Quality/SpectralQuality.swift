import Glibc

/// Spectral figures of a band-passed pulse window: the dominant frequency in 0.5–4 Hz, the share
/// of power at it and its first harmonic (`spectral_concentration`) and the resulting SNR.
public struct SpectralQuality: Sendable, Equatable {
    /// Heart-rate band searched for the peak, Hz (40–240 bpm): below 0.66 Hz, at the band-pass edge, baseline
    /// wander and motion dominate the spectrum and a resting adult heart rarely beats.
    public static let heartBand: ClosedRange<Double> = 0.66...4

    /// Dominant frequency in the heart band (largest `P(f) + P(2f)`), Hz.
    public var peakHz: Double
    /// `(P[f₀ ± w] + P[2f₀ ± w]) / P[0.66–4 Hz]`, 0…1 (over another band, with more harmonics, when measured so).
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

    /// Measures `spectrum`; `halfWidth` is the band around each multiple of f₀ counted as signal (at least the
    /// window's main lobe). The concentration is the share of `band`'s power in the bands around the first
    /// `harmonics` multiples of f₀ (f₀ and 2f₀ unless more are asked for) that start inside `band`; the peak is
    /// searched in `heartBand` whatever `band`. Nil when `band` holds no power.
    public init?(spectrum: PowerSpectrum, halfWidth: Double, band: ClosedRange<Double> = Self.heartBand,
                 harmonics: Int = 2) {
        guard let peak = spectrum.harmonicPeakFrequency(in: Self.heartBand) else { return nil }
        let total = spectrum.power(in: band)
        guard total > 0 else { return nil }
        let fundamental = spectrum.power(in: (peak - halfWidth)...(peak + halfWidth))
        var comb = fundamental, harmonic = 0.0, previousTop = peak + halfWidth
        for order in 2...max(harmonics, 2) where Double(order) * peak - halfWidth <= band.upperBound {
            let centre = Double(order) * peak
            let power = spectrum.power(in: (max(centre - halfWidth, previousTop + 1e-9)...(centre + halfWidth))
                .clamped(to: band))
            if order == 2 { harmonic = power }
            if order <= harmonics { comb += power }
            previousTop = centre + halfWidth
        }
        self.init(peakHz: peak, concentration: min(1, comb / total),
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
