/// One second of signal as the reading state machine sees it: what guidance, the start gate, previews and the
/// cancel checks are decided from. The session builds it from the engine's live analyzer and the source's health.
public struct SignalTick: Sendable, Equatable {
    /// Sample time of the tick, seconds (the frames' clock).
    public var time: Double
    /// Whether a fingertip covers the camera.
    public var contact: Bool
    /// Live quality score 0…1; nil before the analyzer has enough signal to score.
    public var qualityScore: Double?
    /// Robust peak-to-peak pulse amplitude, 8-bit counts.
    public var amplitude: Double
    /// Frames per second over the last second(s); the machine compares it with its tier (frame drop below 70 %).
    public var measuredFps: Double?
    /// Provisional heart rate.
    public var heartRateBpm: Double?
    /// Provisional RMSSD.
    public var rmssdMs: Double?
    /// Provisional breathing rate.
    public var breathingRateBrpm: Double?
    /// The live estimate of this tick.
    public var liveEstimate: LiveEstimate
    /// Red mean of the last frame.
    public var redDc: Double?
    /// Whether the last 10–15 s hold a pulse the quality score misses (a faint pulse that stands out over more
    /// seconds): such a tick does not count against the reading in the low-quality cancel check.
    public var sustainedPulse: Bool
    /// Whether a sudden change of the level (a motion burst, the finger pressing or settling) lies within the last
    /// quality window, so that the score measures the disturbance rather than the pulse: one such stretch per reading
    /// is left out of the low-quality cancel check, as the final analysis cuts it out.
    public var disturbed: Bool

    /// The live HRV estimate the analyzer made this tick, which drives the discard and withheld gates.
    public enum LiveEstimate: Sendable, Equatable {
        /// Not enough beats yet for an estimate.
        case none
        /// An estimate was attempted but withheld (too many rejected intervals or poor quality).
        case withheld(discardRatio: Double)
        /// An estimate with the share of raw intervals the live rule rejected.
        case accepted(discardRatio: Double)

        /// The estimate's discard ratio, when one was attempted.
        var discardRatio: Double? {
            switch self {
            case .none: nil
            case .withheld(let ratio), .accepted(let ratio): ratio
            }
        }
    }

    /// Creates a tick.
    public init(time: Double, contact: Bool, qualityScore: Double?, amplitude: Double, measuredFps: Double? = nil,
                heartRateBpm: Double? = nil, rmssdMs: Double? = nil, breathingRateBrpm: Double? = nil,
                liveEstimate: LiveEstimate = .none, redDc: Double? = nil, sustainedPulse: Bool = false,
                disturbed: Bool = false) {
        self.time = time
        self.contact = contact
        self.qualityScore = qualityScore
        self.amplitude = amplitude
        self.measuredFps = measuredFps
        self.heartRateBpm = heartRateBpm
        self.rmssdMs = rmssdMs
        self.breathingRateBrpm = breathingRateBrpm
        self.liveEstimate = liveEstimate
        self.redDc = redDc
        self.sustainedPulse = sustainedPulse
        self.disturbed = disturbed
    }
}
