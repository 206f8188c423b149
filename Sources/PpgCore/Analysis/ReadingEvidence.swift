/// What the quality windows and the reading-level spectrum say about a whole reading.
public struct ReadingEvidence: Sendable {
    /// The quality windows.
    public var windows: [QualityWindow]
    /// Reading-level spectral figures of the chosen channel; nil without a spectrum.
    public var spectral: SpectralQuality?

    /// Share of short blocks disturbed by motion or pressure changes (`DisturbanceDetector`).
    public var motionFraction: Double

    /// Share of disturbed time above which the reading is withheld (motion over > 40 %).
    public static let maximumDisturbedFraction = 0.4
    /// Share of disturbed time from which the `motion` flag is raised.
    public static let motionFlagFraction = 0.1

    /// Combines windows, the reading spectrum and the share of disturbed blocks.
    public init(windows: [QualityWindow], spectrum: PowerSpectrum?, motionFraction: Double) {
        self.windows = windows
        self.motionFraction = motionFraction
        spectral = spectrum.flatMap { SpectralQuality(spectrum: $0, halfWidth: 0.2) }
    }

    /// `quality_passed_fraction`.
    public var qualityPassedFraction: Double { fraction { $0.passed } }
    /// Mean quality score.
    public var meanScore: Double { Statistics.mean(windows.map(\.score)) ?? 0 }
    /// Mean contact fraction of the windows.
    public var contactFraction: Double { Statistics.mean(windows.map(\.contactFraction)) ?? 0 }
    /// Mean saturation of the windows.
    public var saturationFraction: Double { Statistics.mean(windows.map(\.saturationFraction)) ?? 0 }
    /// Median window amplitude, counts.
    public var amplitude: Double { Statistics.median(windows.map(\.amplitude)) ?? 0 }
    /// Median window skewness.
    public var skewness: Double { Statistics.median(windows.map(\.skewness)) ?? 0 }
    /// Reading-level SNR, dB (−40 without a spectrum).
    public var snrDb: Double { spectral?.snrDb ?? -40 }

    /// Whether the spectrum confirms `beatRate` (bpm) within `toleranceBpm`: the reading-level spectral peak does, or
    /// the peaks of most quality windows do. Motion bursts can put the reading-level peak of the averaged spectrum
    /// at their own slow rate while most 10 s windows still peak at the heart; the windows' peaks are measured
    /// independently of the beats, so a majority of them at the beat rate is the same independent confirmation.
    public func spectralAgreement(withBeatRate beatRate: Double, toleranceBpm: Double) -> Bool {
        if let spectral, abs(Self.heartRateBpm(of: spectral) - beatRate) <= toleranceBpm { return true }
        let agreeing = windows.filter { window in
            window.spectral.map { abs(Self.heartRateBpm(of: $0) - beatRate) <= toleranceBpm } ?? false
        }
        return !windows.isEmpty && 2 * agreeing.count > windows.count
    }

    /// The heart rate a spectral peak stands for: its own frequency, or twice it when its "harmonic" carries more
    /// power than it does. A pulse wave's fundamental is always its strongest component; when the peak search
    /// (largest `P(f) + P(2f)`) settles on half the rate — at fast rates the true harmonic leaves the heart band,
    /// so half the rate collects the fundamental as its "harmonic" — the harmonic ratio above 1 gives it away.
    public static func heartRateBpm(of spectral: SpectralQuality) -> Double {
        spectral.harmonicRatio > 1 ? 2 * spectral.heartRateBpm : spectral.heartRateBpm
    }

    /// The reading-level spectral heart rate (`heartRateBpm(of:)`), nil without a spectral peak.
    public var spectralHeartRateBpm: Double? { spectral.map(Self.heartRateBpm(of:)) }

    /// Share of the reading disturbed by motion or lost contact.
    public var disturbedFraction: Double { max(motionFraction, fraction { $0.contactFraction < 0.5 }) }

    /// Whether disturbances cover too much of the reading for trustworthy values.
    public var isDisturbed: Bool { disturbedFraction > Self.maximumDisturbedFraction }

    /// Flags naming what is wrong with the signal, in a fixed order.
    public func flags(minimumAmplitude: Double) -> [String] {
        var flags: [String] = []
        if windows.contains(where: { $0.contactFraction < 0.5 }) { flags.append("no_contact") }
        if saturationFraction > 0.2 { flags.append("saturated") }
        if motionFraction >= Self.motionFlagFraction { flags.append("motion") }
        if amplitude < minimumAmplitude { flags.append("weak_signal") }
        if snrDb < 0 { flags.append("low_snr") }
        if qualityPassedFraction < 0.5 { flags.append("low_quality") }
        return flags
    }

    private func fraction(_ predicate: (QualityWindow) -> Bool) -> Double {
        windows.isEmpty ? 0 : Double(windows.filter(predicate).count) / Double(windows.count)
    }
}
