/// Signal-quality indices of one analysis window.
public struct QualityWindow: Sendable, Equatable {
    /// Window start and end, seconds.
    public var start: Double, end: Double
    /// Spectral figures of the band-passed pulse; nil when the window holds too little signal.
    public var spectral: SpectralQuality?
    /// Mean template correlation of the beats inside the window (0 without beats).
    public var templateCorrelation: Double
    /// Share of frames with clipped red.
    public var saturationFraction: Double
    /// Share of frames passing the colour contact rule, or 1 when the window shows a clear pulse (`pulseContact`).
    public var contactFraction: Double
    /// Robust peak-to-peak (P97.5 − P2.5) of the band-passed pulse, counts.
    public var amplitude: Double
    /// Skewness of the band-passed pulse (blood-volume polarity).
    public var skewness: Double
    /// The quality score q.
    public var score: Double

    /// Creates a window record directly.
    public init(start: Double, end: Double, spectral: SpectralQuality?, templateCorrelation: Double,
                saturationFraction: Double, contactFraction: Double, amplitude: Double, skewness: Double) {
        self.start = start
        self.end = end
        self.spectral = spectral
        self.templateCorrelation = templateCorrelation
        self.saturationFraction = saturationFraction
        self.contactFraction = contactFraction
        self.amplitude = amplitude
        self.skewness = skewness
        score = QualityScore.score(concentration: spectral?.concentration ?? 0,
                                   templateCorrelation: templateCorrelation,
                                   saturationFraction: saturationFraction, contactFraction: contactFraction)
    }

    /// Whether q reaches the pass threshold.
    public var passed: Bool { score >= QualityScore.passThreshold }

    /// A pulse clear enough to count as contact although the colour rule fails: concentrated spectrum, consistent
    /// beat shapes and a first harmonic (a sinusoidal mains flicker aliased into the heart band has none).
    static func pulseContact(spectral: SpectralQuality?, templateCorrelation: Double) -> Bool {
        guard let spectral else { return false }
        return spectral.concentration >= 0.7 && templateCorrelation >= 0.85 && spectral.harmonicRatio >= 0.015
    }
}

/// Measures `QualityWindow`s over the band-passed pulse segments, the beats and the frames of a reading.
public struct QualityWindowMeter: Sendable {
    /// Window length, seconds.
    public var windowSeconds: Double = 10
    /// Half-width of the signal bands around f₀ and 2f₀, Hz (the Hann main lobe of a 10 s window is ±0.2 Hz).
    public var bandHalfWidth: Double = 0.2
    /// Band whose power the spectral concentration is a share of, Hz.
    public var concentrationBand: ClosedRange<Double> = SpectralQuality.heartBand
    /// Multiples of the peak frequency counted as signal in the spectral concentration (2: f₀ and 2f₀).
    public var harmonics = 2
    /// FFT length the window is zero-padded to (frequency grid of fs/N).
    public var fftLength: Int = 2048
    /// Red level counted as clipped when the source gives no saturated fraction.
    public var clipLevel: Double = 250
    /// The colour contact rule.
    public var contactRule = ContactRule()

    /// Creates a meter with the defaults.
    public init() {}

    /// Saturation of a frame: the source's clipped-pixel fraction when given, else whether red ≥ `clipLevel`.
    public func saturation(of frame: FrameSample) -> Double {
        frame.saturatedFraction ?? (frame.red >= clipLevel ? 1 : 0)
    }

    /// A periodogram workspace for windows of the pulse sampled at `sampleRate`, with its plan from `plans`:
    /// `fftLength` points, or more when a window holds more samples.
    public func makeWorkspace(sampleRate: Double, plans: inout FourierPlans) -> PeriodogramWorkspace {
        let samples = windowSeconds * sampleRate
        let length = max(fftLength, samples.isFinite ? Int(samples.rounded(.up)) + 1 : 0)
        return PeriodogramWorkspace(plan: plans.plan(length: length))
    }

    /// Measures the window `start..<end`. `levels` are the figures of the reading's frames, `pulses` the
    /// band-passed segments, `beats` every detected beat; `workspace` (see `makeWorkspace`) is shared by the windows
    /// of a reading.
    public func measure(start: Double, end: Double, levels: QualityFrameLevels, pulses: [UniformSegment],
                        beats: [DetectedBeat], workspace: inout PeriodogramWorkspace) -> QualityWindow {
        let (clipped, colourContact) = levels.levels(start: start, end: end)
        let samples = longestPiece(of: pulses, start: start, end: end)
        let enough = Double(samples.count) >= 0.5 * windowSeconds * (pulses.first?.sampleRate ?? 0)
        let spectral = enough ? SpectralQuality(
            spectrum: workspace.periodogram(samples[...], sampleRate: pulses.first?.sampleRate ?? 1),
            halfWidth: bandHalfWidth, band: concentrationBand, harmonics: harmonics) : nil
        let correlation = Self.templateCorrelation(of: beats, start: start, end: end)
        let contact = QualityWindow.pulseContact(spectral: spectral, templateCorrelation: correlation)
            ? 1 : colourContact
        return QualityWindow(start: start, end: end, spectral: spectral, templateCorrelation: correlation,
                             saturationFraction: clipped, contactFraction: contact,
                             amplitude: Statistics.robustPeakToPeak(samples) ?? 0,
                             skewness: Statistics.skewness(samples) ?? 0)
    }

    /// An upper bound of the score `measure` gives the window `start..<end`, from its frames' `levels` and beats
    /// alone (no spectrum): the score with full spectral concentration and full contact.
    public func scoreUpperBound(start: Double, end: Double, levels: QualityFrameLevels,
                                beats: [DetectedBeat]) -> Double {
        QualityScore.score(concentration: 1, templateCorrelation: Self.templateCorrelation(of: beats, start: start,
                                                                                           end: end),
                           saturationFraction: levels.levels(start: start, end: end).clipped, contactFraction: 1)
    }

    /// An upper bound of the score `measure` gives the window `start..<end` from its frames' `levels` alone, before
    /// any beat is found: the score with full spectral concentration, template correlation and contact (at least
    /// `scoreUpperBound`'s).
    public func frameScoreUpperBound(start: Double, end: Double, levels: QualityFrameLevels) -> Double {
        QualityScore.score(concentration: 1, templateCorrelation: 1,
                           saturationFraction: levels.levels(start: start, end: end).clipped, contactFraction: 1)
    }

    /// Mean template correlation of the beats in `start..<end` (0 without beats).
    private static func templateCorrelation(of beats: [DetectedBeat], start: Double, end: Double) -> Double {
        var sum = 0.0, count = 0
        for beat in beats where beat.time >= start && beat.time < end {
            sum += beat.templateCorrelation
            count += 1
        }
        return count == 0 ? 0 : sum / Double(count)
    }

    /// The samples of the segment that covers most of `start..<end`.
    private func longestPiece(of pulses: [UniformSegment], start: Double, end: Double) -> [Double] {
        var best: [Double] = []
        for pulse in pulses {
            let first = max(0, Int(((start - pulse.startTime) * pulse.sampleRate).rounded(.up)))
            let last = min(pulse.samples.count, Int(((end - pulse.startTime) * pulse.sampleRate).rounded(.up)))
            if last - first > best.count { best = Array(pulse.samples[first..<last]) }
        }
        return best
    }
}
