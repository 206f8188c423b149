/// One pulse the synthetic finger produced: a heartbeat (possibly ectopic, AF-like or missed) or an extra pulse.
public struct SyntheticBeat: Sendable, Equatable {
    /// Kind of pulse.
    public enum Kind: String, Sendable, Equatable {
        /// Sinus beat.
        case normal
        /// Premature beat (rendered early; the clean onset is the truth).
        case ectopic
        /// Heartbeat without a pulse in the signal.
        case missed
        /// Extra half-amplitude pulse that is not a heartbeat.
        case extra
        /// Beat of an AF-like segment (its onset is the truth: the rhythm itself is irregular).
        case afLike
    }

    /// Heartbeat index (an extra pulse carries the index of the heartbeat that follows it).
    public let index: Int
    /// Kind of pulse.
    public let kind: Kind
    /// Onset (s) of the pulse as rendered.
    public let onsetS: Double
    /// Onset (s) of the clean, artifact-free beat (equals `onsetS` except for ectopic beats).
    public let cleanOnsetS: Double
    /// Pulse amplitude (unit pulses × respiratory modulation; 0 for a missed beat).
    public let amplitude: Double

    /// Creates a beat record.
    public init(index: Int, kind: Kind, onsetS: Double, cleanOnsetS: Double, amplitude: Double) {
        self.index = index
        self.kind = kind
        self.onsetS = onsetS
        self.cleanOnsetS = cleanOnsetS
        self.amplitude = amplitude
    }

    /// Whether this is a heartbeat (everything but an extra pulse).
    public var isHeartbeat: Bool { kind != .extra }
}
