/// Heart-rhythm parameters of the synthetic RR generator:
/// `RR_k = RR₀ + A_rsa·sin(2π f_r t_k + φ₁) + A_lf·sin(2π f_lf t_k + φ₂) + N(0, σ_w²)`, `RR₀ = 60000/HR`.
public struct RhythmParameters: Sendable, Equatable {
    /// Mean heart rate (bpm) defining RR₀.
    public var heartRateBpm: Double
    /// Breathing rate (breaths/min) driving respiratory sinus arrhythmia and the respiratory modulations.
    public var breathingRateBrpm: Double
    /// Respiratory sinus arrhythmia amplitude A_rsa (ms).
    public var rsaAmplitudeMs: Double
    /// Low-frequency (Mayer wave) amplitude A_lf (ms).
    public var lfAmplitudeMs: Double
    /// Low-frequency modulation frequency (Hz).
    public var lfFrequencyHz: Double
    /// Standard deviation σ_w (ms) of the white RR noise.
    public var whiteNoiseMs: Double

    /// Creates rhythm parameters; the defaults give (RMSSD ≈ 25.5 ms, SDNN ≈ 22.1 ms).
    public init(heartRateBpm: Double = 70, breathingRateBrpm: Double = 15, rsaAmplitudeMs: Double = 25,
                lfAmplitudeMs: Double = 15, lfFrequencyHz: Double = 0.1, whiteNoiseMs: Double = 8) {
        self.heartRateBpm = heartRateBpm
        self.breathingRateBrpm = breathingRateBrpm
        self.rsaAmplitudeMs = rsaAmplitudeMs
        self.lfAmplitudeMs = lfAmplitudeMs
        self.lfFrequencyHz = lfFrequencyHz
        self.whiteNoiseMs = whiteNoiseMs
    }

    /// Heart rate (bpm) at which `rateScaled` keeps the default variability amplitudes.
    public static let variabilityReferenceBpm = 70.0

    /// A rhythm whose variability shrinks as the heart beats faster: the default RSA, LF and white-noise
    /// amplitudes at `variabilityReferenceBpm`, scaled by the square of the mean interval over the reference's
    /// (at 165 bpm to 18 %, at 58 bpm to 146 %). Beat-to-beat variability falls steeply with the heart rate, roughly
    /// with the square of the mean interval (Sacha's studies of the heart rate–HRV relation); fixed amplitudes in
    /// ms would swing a 165 bpm rhythm by about ±11 % (147–185 bpm), far more than a heart beating that fast does.
    public static func rateScaled(heartRateBpm: Double, breathingRateBrpm: Double = 15) -> RhythmParameters {
        let defaults = RhythmParameters()
        let ratio = variabilityReferenceBpm / heartRateBpm
        let scale = ratio * ratio
        return RhythmParameters(heartRateBpm: heartRateBpm, breathingRateBrpm: breathingRateBrpm,
                                rsaAmplitudeMs: scale * defaults.rsaAmplitudeMs,
                                lfAmplitudeMs: scale * defaults.lfAmplitudeMs, lfFrequencyHz: defaults.lfFrequencyHz,
                                whiteNoiseMs: scale * defaults.whiteNoiseMs)
    }

    /// Mean RR interval RR₀ (ms).
    public var meanIntervalMs: Double { 60000.0 / heartRateBpm }

    /// Breathing frequency f_r (Hz).
    public var breathingFrequencyHz: Double { breathingRateBrpm / 60.0 }
}
