/// The synthetic accelerometer (m/s², gravity included): a hand-held phone at rest with a small breathing
/// movement, white noise, and bursts during `SignalCondition.motion` segments.
public struct MotionParameters: Sendable, Equatable {
    /// Sample rate (Hz).
    public var sampleRateHz: Double
    /// Gravity along the device's x axis at rest (m/s²).
    public var gravityX: Double
    /// Gravity along the device's y axis at rest (m/s²).
    public var gravityY: Double
    /// Gravity along the device's z axis at rest (m/s²).
    public var gravityZ: Double
    /// Amplitude (m/s²) of the breathing movement along z, at the rhythm's breathing rate; 0 = none.
    public var breathingAmplitude: Double
    /// White noise σ (m/s²) per axis.
    public var noise: Double

    /// Creates accelerometer parameters (defaults: 50 Hz, gravity on z, 0.03 m/s² breathing, 0.01 noise).
    public init(sampleRateHz: Double = 50, gravityX: Double = 0, gravityY: Double = 0, gravityZ: Double = 9.81,
                breathingAmplitude: Double = 0.03, noise: Double = 0.01) {
        self.sampleRateHz = sampleRateHz
        self.gravityX = gravityX
        self.gravityY = gravityY
        self.gravityZ = gravityZ
        self.breathingAmplitude = breathingAmplitude
        self.noise = noise
    }
}
