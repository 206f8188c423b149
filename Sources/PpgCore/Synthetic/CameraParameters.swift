/// How blood volume becomes per-frame channel means:
/// `I_c(t) = clip(DC_c·(1 − k_c·v(t) − r_iiv·sin(2π f_r t) − w·sin(2π f_w t + φ)) + motion_c(t) + N(0, σ_c²), 0, 255)`.
/// Defaults are the "clean default" column of the synthetic camera's parameters.
public struct CameraParameters: Sendable, Equatable {
    /// Nominal frame rate (frames/s), 20–60.
    public var framesPerSecond: Double
    /// DC level per channel (8-bit counts) with a finger on the lens and the torch on.
    public var dc: ChannelTriple
    /// Pulsatile fraction k_c (AC/DC) per channel: 0.015 = 1.5 % of DC at the 99th percentile of blood volume.
    public var acFraction: ChannelTriple
    /// White noise σ_c per channel (counts) on each frame mean.
    public var noise: ChannelTriple
    /// Respiratory intensity modulation r_iiv (fraction of DC).
    public var riiv: Double
    /// Respiratory amplitude modulation of each beat: amplitude × (1 + riav·sin(2π f_r t_k)).
    public var riav: Double
    /// Baseline wander amplitude w (fraction of DC).
    public var wanderFraction: Double
    /// Baseline wander frequency f_w (Hz).
    public var wanderFrequencyHz: Double
    /// Timestamp jitter σ (ms), clamped to ±40 % of a frame period so frames stay ordered.
    public var timestampJitterMs: Double
    /// Gap (s) inserted after the first frame, like a camera's start-up stall.
    public var startupGapS: Double
    /// Probability that any one frame is dropped on its own.
    public var singleDropProbability: Double
    /// Probability per frame that a burst of dropped frames starts there.
    public var burstDropProbability: Double
    /// Duration range (s) of a burst of dropped frames.
    public var burstDurationS: ClosedRange<Double>
    /// Round frame means to whole counts (stress case).
    public var quantize: Bool
    /// Spatial standard deviation (counts) of red pixel values in the sampled region; sets how the frame mean
    /// clips near 255 and the reported `saturatedFraction`.
    public var pixelSpread: Double
    /// Fill `FrameSample.saturatedFraction` (share of red pixels ≥ 250); nil in the samples when false.
    public var reportsSaturatedFraction: Bool
    /// Pulse waveform.
    public var pulseShape: PulseShape
    /// What `acFraction` measures: the share of DC at the pulse train's peak (default) or peak to peak.
    public var pulseScale: PulseScale

    /// Creates camera parameters; defaults are the clean values at 30 fps with the broad pulse.
    public init(framesPerSecond: Double = 30,
                dc: ChannelTriple = ChannelTriple(red: 200, green: 4, blue: 20),
                acFraction: ChannelTriple = ChannelTriple(red: 0.015, green: 0.06, blue: 0.04),
                noise: ChannelTriple = ChannelTriple(red: 0.12, green: 0.02, blue: 0.04),
                riiv: Double = 0.002, riav: Double = 0.15,
                wanderFraction: Double = 0.01, wanderFrequencyHz: Double = 0.03,
                timestampJitterMs: Double = 0.5, startupGapS: Double = 0,
                singleDropProbability: Double = 0, burstDropProbability: Double = 0,
                burstDurationS: ClosedRange<Double> = 0.1...0.5, quantize: Bool = false,
                pixelSpread: Double = 3, reportsSaturatedFraction: Bool = true,
                pulseShape: PulseShape = .broad, pulseScale: PulseScale = .trainPeak) {
        self.framesPerSecond = framesPerSecond
        self.dc = dc
        self.acFraction = acFraction
        self.noise = noise
        self.riiv = riiv
        self.riav = riav
        self.wanderFraction = wanderFraction
        self.wanderFrequencyHz = wanderFrequencyHz
        self.timestampJitterMs = timestampJitterMs
        self.startupGapS = startupGapS
        self.singleDropProbability = singleDropProbability
        self.burstDropProbability = burstDropProbability
        self.burstDurationS = burstDurationS
        self.quantize = quantize
        self.pixelSpread = pixelSpread
        self.reportsSaturatedFraction = reportsSaturatedFraction
        self.pulseShape = pulseShape
        self.pulseScale = pulseScale
    }
}

extension CameraParameters {
    /// A capture where the torch drives red into saturation and nothing reaches green: red frame means at
    /// `redDc` (245–254) from pixels clipped at 255 (`pixelSpread` 3), a pulse of `pulseCounts` peak to peak
    /// before clipping (0.5–2 counts), green dead at `greenDc` (0–5) without a pulse, blue low, and frame-mean
    /// noise of 0.25 counts as compression leaves it (block noise that does not average out over the pixels).
    /// `pulseScale` says what `pulseCounts` measures: by default the swing a camera sees, the same at any rate;
    /// with `.trainPeak`, the pulse train's peak, as such captures were first generated (at 125–165 bpm the
    /// overlapping pulses then swing only about a third of it).
    public static func saturatedDeadGreen(redDc: Double, pulseCounts: Double, greenDc: Double = 1,
                                          framesPerSecond: Double = 30,
                                          pulseScale: PulseScale = .peakToPeak) -> CameraParameters {
        CameraParameters(framesPerSecond: framesPerSecond,
                         dc: ChannelTriple(red: redDc, green: greenDc, blue: 12),
                         acFraction: ChannelTriple(red: pulseCounts / redDc, green: 0, blue: 0.02),
                         noise: ChannelTriple(red: 0.25, green: 0.05, blue: 0.1), pixelSpread: 3,
                         pulseScale: pulseScale)
    }
}
