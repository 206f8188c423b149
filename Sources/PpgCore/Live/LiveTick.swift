/// The live analyzer's summary of one second of sample time: what guidance, previews and the cancel checks are
/// decided from.
public struct LiveTick: Sendable, Equatable {
    /// Sample time of the tick: the first frame after init or reset plus a whole number of seconds.
    public var time: Double
    /// Whether a fingertip covers the lens: the contact rule over the last second's frames, with hysteresis.
    public var contact: Bool
    /// Quality score 0…1 over the last seconds; nil until there is enough gap-free signal.
    public var qualityScore: Double?
    /// Robust peak-to-peak (P97.5 − P2.5) of the band-passed pulse over the last seconds, 8-bit counts.
    public var amplitude: Double
    /// Frames per second delivered over the last second.
    public var measuredFps: Double
    /// Share of the last second's frames with clipped red (the source's clipped-pixel share when it gives one).
    public var saturationFraction: Double
    /// Red mean of the latest frame, 8-bit counts.
    public var redDc: Double
    /// Provisional heart rate from the accepted intervals of the last ~10 s; nil while the quality score is below
    /// the pass threshold or most of those intervals were rejected, and, on a tick whose pulse is faint, when it
    /// lies more than `FinalAnalyzer.spectralAgreementBpm` (5 bpm) from the 15 s spectral peak
    /// (`longWindowPeakBpm`).
    public var heartRateBpm: Double?
    /// Provisional RMSSD over the intervals accepted since reset; nil until ~20 s after reset.
    public var rmssdMs: Double?
    /// Provisional breathing rate; nil until ~30 s after reset or while the estimator withholds it.
    public var breathingRateBrpm: Double?
    /// The live HRV estimate over the intervals of the last ~15 s.
    public var estimate: LiveEstimate
    /// Whether the last 10–15 s hold a pulse the quality score misses (`SustainedPulse`); only looked for while
    /// the score is below the pass threshold.
    public var sustainedPulse: Bool
    /// Whether a sudden change of the level (a motion burst, the finger pressing or settling: `LevelStep`) lies
    /// within the last quality window: the score then measures the disturbance, or a window restarted after it,
    /// rather than the pulse.
    public var disturbed: Bool
    /// Whether the quality window shows a pulse plainly and cleanly, however small: a full window whose spectral
    /// peak agrees with the beat rate and carries a first harmonic, concentration ≥ 0.6, four beats at least and
    /// template correlation ≥ 0.9 (`LiveQuality.showsCleanPulse`). A weak pulse that shows this is readable.
    public var showsCleanPulse: Bool
    /// σ of the frame-to-frame noise of the pulse channel over the same seconds as `amplitude`, 8-bit counts
    /// (`FrameNoise`); 0 when unknown. A pulse stands far above it (8 times and more on real fingertips, most of
    /// them 20 times); camera noise alone swings the band-passed signal by about twice it.
    public var frameNoise: Double
    /// Whether a pulse below `pulseToNoiseFloor` times `frameNoise` is confirmed by a longer look: a full
    /// `SustainedPulse` window (15 s) of the run holds a sustained pulse within `LiveQualityMeter.rateAgreement` of
    /// the quality window's spectral peak, and the 15 s peak holds its rate over the previous ticks (`FaintPeakHold`).
    /// Camera noise of half a count passed this in 0 of 200 synthetic scenes of 120 s.
    public var faintPulseConfirmed: Bool
    /// Whether a pulse below `pulseToNoiseFloor` times `frameNoise` stands plainly out of the noise over the last
    /// `SustainedPulse.windowSeconds` (15 s) of the run, gap- and step-free, read on the pulse channel or on the other
    /// candidate channel (red or green): that window's spectrum over 0.66–5 Hz holds nearly half its power
    /// (`LiveQualityMeter.faintPulseConcentration`) at its peak and the peak's second and third multiples, its beats
    /// run at the peak, the peak is no mains flicker and it holds its rate over the previous ticks of the run
    /// (`FaintPeakHold`). Such a tick is readable from half the
    /// amplitude floor and passes the default start floor without the 5 s quality score
    /// (`passesStartQuality(floor:)`), which a pulse of a count under noise of half a count seldom passes. Pulse-free
    /// saturated captures and camera-noise scenes never passed it three ticks running (120 runs of 90 s and 400
    /// synthetic runs of 120 s).
    public var faintPulseStandsOut: Bool
    /// Whether the 15 s spectral peak (`longWindowPeakBpm`) has held its rate over the last half minute of faint ticks
    /// (`FaintPeakRun`: 22 of 30 within 3 % of their median): a pulse too faint for the 15 s comb
    /// (`faintPulseStandsOut`) still keeps its peak where its heart beats. Read as that comb is: from half the
    /// amplitude floor, and passing the default start floor without the 5 s quality score.
    public var faintPeakHeld: Bool
    /// The spectral peak of the last `SustainedPulse.windowSeconds` (15 s) of the run, bpm: on the channel where a
    /// faint pulse stands out (`faintPulseStandsOut`), else on the pulse channel. Looked for only on ticks whose pulse
    /// is faint or whose quality score is below the pass threshold, once the run spans the window; nil otherwise.
    /// A faint pulse too weak for the 5 s score keeps its peak there from window to window, which noise does not.
    public var longWindowPeakBpm: Double?
    /// How many seconds before `time` the evidence of a faint pulse standing out (`faintPulseStandsOut`) begins: the
    /// look's span (`SustainedPulse.windowSeconds`, measured back from `time`), or for a peak held over half a minute
    /// (`faintPeakHeld`) the span from its first tick's look (`FaintPeakRun.evidenceSeconds`, 44 s), never reaching
    /// before the run's start (the last frame gap or level step); 0 when neither holds. A reading such evidence alone
    /// starts begins there (`ReadingStateMachine`).
    public var faintPulseEvidenceSeconds: Double
    /// Seconds of the current run up to `time`: since the first frame after the last frame gap or level step (a
    /// channel switch does not end it; nor does a reading's start). No evidence of the live analysis reaches
    /// further back; a reading begun on a faint pulse's evidence never begins before it (`ReadingStateMachine`).
    /// Infinite when unknown (a tick made by hand).
    public var runSeconds: Double

    /// Share of the amplitude floor a pulse needs while its window shows it cleanly (`showsCleanPulse`): a clean
    /// pulse half the floor is read (a fingertip at 0.39–0.5 counts with beats correlating at 0.94–0.99), while a
    /// level without any pulse never is (a constant input leaves the band-pass a residue of 1e-14 counts whose
    /// pattern repeats exactly, which the quality window can take for a clean pulse).
    public static let cleanPulseAmplitudeShare = 0.5
    /// Multiple of `frameNoise` a pulse's amplitude must reach to be read. Camera noise alone swings the band-passed
    /// signal by about twice its σ (99 % of pulse-free ticks stay at 3.9 or below); the pulses of real fingertips
    /// reached 8 times it and more, most of them 20 times. Without it, frame noise of half a count on a steady
    /// finger-coloured light passed the amplitude floor and filled the start gate.
    public static let pulseToNoiseFloor = 5.0
    /// The longest span any look of the live analysis reports as evidence (`faintPulseEvidenceSeconds`): a peak held
    /// over half a minute (`FaintPeakRun.evidenceSeconds`, 44 s). How far back a session keeps positioning frames for
    /// a reading to begin at.
    public static let longestEvidenceSeconds = max(LiveAnalyzer.historySeconds, FaintPeakRun.evidenceSeconds)

    /// Whether the tick's pulse is large enough to read: `amplitude` reaches `minAmplitude` (counts; the share
    /// `cleanPulseAmplitudeShare` of it while the window shows the pulse cleanly or it stands out over 15 s) and
    /// `pulseToNoiseFloor` times `frameNoise` (or the pulse is confirmed without it: `faintPulseConfirmed`). Contact
    /// and quality are judged apart.
    public func showsReadablePulse(minAmplitude: Double) -> Bool {
        let share = showsCleanPulse || faintPulseStandsOut || faintPeakHeld ? Self.cleanPulseAmplitudeShare : 1
        let clearOfNoise = amplitude >= Self.pulseToNoiseFloor * frameNoise || faintPulseConfirmed
            || faintPulseStandsOut || faintPeakHeld
        return amplitude >= minAmplitude * share && clearOfNoise
    }

    /// Whether the tick's quality allows a reading to start at the start floor `floor`: the quality score reaches
    /// it or, at a floor no stricter than `QualityScore.passThreshold`, a faint pulse stands out over 15 s
    /// (`faintPulseStandsOut`) or its 15 s peak held its rate over half a minute (`faintPeakHeld`).
    public func passesStartQuality(floor: Double) -> Bool {
        (qualityScore ?? 0) >= floor
            || ((faintPulseStandsOut || faintPeakHeld) && floor <= QualityScore.passThreshold)
    }

    /// Creates a tick.
    public init(time: Double, contact: Bool, qualityScore: Double?, amplitude: Double, measuredFps: Double,
                saturationFraction: Double, redDc: Double, heartRateBpm: Double? = nil, rmssdMs: Double? = nil,
                breathingRateBrpm: Double? = nil, estimate: LiveEstimate = .none, sustainedPulse: Bool = false,
                disturbed: Bool = false, showsCleanPulse: Bool = false,
                frameNoise: Double = 0, faintPulseConfirmed: Bool = false, faintPulseStandsOut: Bool = false,
                faintPeakHeld: Bool = false, longWindowPeakBpm: Double? = nil, faintPulseEvidenceSeconds: Double = 0,
                runSeconds: Double = .infinity) {
        self.time = time
        self.contact = contact
        self.qualityScore = qualityScore
        self.amplitude = amplitude
        self.measuredFps = measuredFps
        self.saturationFraction = saturationFraction
        self.redDc = redDc
        self.heartRateBpm = heartRateBpm
        self.rmssdMs = rmssdMs
        self.breathingRateBrpm = breathingRateBrpm
        self.estimate = estimate
        self.sustainedPulse = sustainedPulse
        self.disturbed = disturbed
        self.showsCleanPulse = showsCleanPulse
        self.frameNoise = frameNoise
        self.faintPulseConfirmed = faintPulseConfirmed
        self.faintPulseStandsOut = faintPulseStandsOut
        self.faintPeakHeld = faintPeakHeld
        self.longWindowPeakBpm = longWindowPeakBpm
        self.faintPulseEvidenceSeconds = faintPulseEvidenceSeconds
        self.runSeconds = runSeconds
    }
}
