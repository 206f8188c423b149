/// One accepted heartbeat as the breathing estimator sees it: when it happened and the three per-beat features
/// that breathing modulates (interval, amplitude, intensity).
public struct BreathingBeat: Sendable, Equatable {
    /// Beat time in seconds on the frames' clock (the fiducial the beat detector uses).
    public var time: Double
    /// Interval from the previous accepted beat in milliseconds; nil when no trusted interval ends here (first
    /// beat, first beat after a gap, rejected interval). Carries respiratory sinus arrhythmia (RIFV).
    public var intervalMs: Double?
    /// Pulse amplitude, peak minus the preceding onset on the filtered signal (RIAV), in any consistent unit.
    public var amplitude: Double
    /// Mean of the detrended, unfiltered channel over the beat (RIIV), in any consistent unit.
    public var intensity: Double
    /// Whether the beat passed the detector's quality checks; invalid beats are bridged, not used.
    public var isValid: Bool

    /// Creates a beat.
    public init(time: Double, intervalMs: Double?, amplitude: Double, intensity: Double, isValid: Bool = true) {
        self.time = time
        self.intervalMs = intervalMs
        self.amplitude = amplitude
        self.intensity = intensity
        self.isValid = isValid
    }
}
