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

    /// Mean RR interval RR₀ (ms).
    public var meanIntervalMs: Double { 60000.0 / heartRateBpm }

    /// Breathing frequency f_r (Hz).
    public var breathingFrequencyHz: Double { breathingRateBrpm / 60.0 }
}
