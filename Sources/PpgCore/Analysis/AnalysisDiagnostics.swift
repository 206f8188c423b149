/// The engine's figures behind a result: provenance, signal quality, breathing, the consistency gate, extra HRV
/// figures and every beat. Optionals are nil when the step producing them did not run. (The session layer's wire
/// format writes them as the result's snake_case `diagnostics`; each field names its key.)
public struct AnalysisDiagnostics: Sendable, Equatable {
    // Provenance
    /// `hr_source`: where the heart rate comes from: "beats" (60000/MeanNN), "spectral" (the reading's spectral
    /// peak) or "fold" (the period at which its pulse folds into one repeated cycle); `HeartRateSource`.
    public var hrSource = HeartRateSource.beats
    /// `refine_mode`: the beat fiducial ("upstroke50").
    public var refineMode = "upstroke50"
    /// `effective_fps`: measured frame rate, rounded.
    public var effectiveFps = 0
    /// `channel`: the colour channel the pulse was read from (for a `spectral` or `fold` rate, the channel whose
    /// spectrum or fold gave it).
    public var channel = PulseChannel.red
    // Quality
    /// `signal_quality`: mean quality score × 100, rounded.
    public var signalQuality = 0
    /// `quality_passed_fraction`: share of quality windows with q ≥ 0.5.
    public var qualityPassedFraction = 0.0
    /// `discard_ratio`: share of raw intervals rejected by artifact correction.
    public var discardRatio = 0.0
    /// `saturation_frac`: share of frames with clipped red.
    public var saturationFrac = 0.0
    /// `measured_fps`.
    public var measuredFps = 0.0
    /// `frame_interval_cv`.
    public var frameIntervalCv = 0.0
    /// `frame_gap_count`: frame intervals longer than 1.5× the median.
    public var frameGapCount = 0
    /// `amplitude`: median robust peak-to-peak of the band-passed pulse over the windows, counts.
    public var amplitude = 0.0
    /// `perfusion_index`: 100·amplitude / channel DC.
    public var perfusionIndex = 0.0
    /// `spectral_concentration` over the whole reading.
    public var spectralConcentration = 0.0
    /// `snr_db` over the whole reading.
    public var snrDb = 0.0
    /// `skewness`: median over the windows (blood-volume polarity).
    public var skewness = 0.0
    /// `template_correlation`: mean beat-template correlation.
    public var templateCorrelation = 0.0
    /// `spectral_hr_bpm`: FFT-peak heart rate; nil without a spectral peak.
    public var spectralHeartRateBpm: Double?
    /// `candidate_rates_bpm`: when a spectral or folded heart rate is withheld as ambiguous (`hr_ambiguous`), the
    /// rate and the rivals its evidence does not rule out; empty otherwise.
    public var candidateRatesBpm: [Double] = []
    /// `red_dc_mean`.
    public var redDcMean = 0.0
    // Breathing
    /// `motion_samples`.
    public var motionSamples = 0
    /// `rr_motion_brpm`.
    public var rrMotionBrpm: Double?
    /// `rr_motion_conc`.
    public var rrMotionConc: Double?
    /// `breathing_confidence_score`: the numeric breathing confidence 0…1 behind the tier.
    public var breathingConfidenceScore: Double?
    // Consistency gate and estimator
    /// `gate_enabled`.
    public var gateEnabled = true
    /// `gate_merged_fix_enabled`.
    public var gateMergedFixEnabled = true
    /// `gate_rejected`, `gate_veto`.
    public var gateRejected: Bool?, gateVeto: Bool?
    /// `gate_n_pairs`, `gate_n_merged`.
    public var gateNPairs: Int?, gateNMerged: Int?
    /// `gate_discard_raw`, `gate_max_jump`, `gate_hf_share`, `gate_compress`, `gate_r_ps`.
    public var gateDiscardRaw: Double?, gateMaxJump: Double?, gateHfShare: Double?, gateCompress: Double?,
               gateRPs: Double?
    /// `displaced_peak_beats`: beats whose pulse is deformed (`DisplacedPeak`), kept out of RMSSD's differences.
    public var displacedPeakBeats: Int?
    /// `weak_pulse_beats`: beats whose pulse is much weaker than its neighbours' (`WeakPulse`), kept out of
    /// RMSSD's differences.
    public var weakPulseBeats: Int?
    /// `est_rmssd_parabolic`, `est_rmssd_fixed` (ms).
    public var estRmssdParabolic: Double?, estRmssdFixed: Double?
    /// `est_gm_applied`.
    public var estGmApplied: Bool?
    // Extra HRV figures
    /// `pnn50`, `sd1_ms`, `sd2_ms`, `mean_nn_ms`.
    public var pnn50: Double?, sd1Ms: Double?, sd2Ms: Double?, meanNnMs: Double?
    /// `analysed_segment_start_s`, `analysed_segment_end_s`: the part of the reading the result was computed on
    /// when it is not the whole (frames' clock, seconds; flag `analysed_segment`).
    public var analysedSegmentStart: Double?, analysedSegmentEnd: Double?
    /// `analysed_cut_start_s`, `analysed_cut_end_s`: the disturbed stretch left out of the reading the result was
    /// computed on (frames' clock, seconds; flag `analysed_without_disturbance`).
    public var analysedCutStart: Double?, analysedCutEnd: Double?
    /// `reading_start_s`: the time of the reading's first frame (frames' clock, seconds), from which the reading's
    /// time counts: a beat's `time_s` minus it is its time since the start of the reading.
    public var readingStart: Double?
    /// `beats`: every detected beat.
    public var beats: [BeatRecord] = []

    /// Empty diagnostics.
    public init() {}
}
