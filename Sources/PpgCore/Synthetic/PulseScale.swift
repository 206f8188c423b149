/// What a synthetic camera's pulsatile fraction (`CameraParameters.acFraction`) measures.
///
/// Pulses of a fixed shape last about as long as a beat at 60 bpm; at faster rates each overlaps the next, the
/// train's trough rises towards its peak, and a fraction taken at the peak leaves a smaller swing the faster the
/// heart beats (with the broad pulse, about a third of it at 125–165 bpm).
public enum PulseScale: Sendable, Equatable {
    /// The fraction of DC at the train's peak (about its 99th percentile): the swing shrinks at fast rates.
    case trainPeak
    /// The fraction of DC from the train's trough to its peak: the swing a camera sees, the same at any rate.
    case peakToPeak
}
