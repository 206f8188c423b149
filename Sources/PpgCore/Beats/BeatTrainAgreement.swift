/// How well a reading's beat train runs at a given rate: the share of its intervals within
/// `intervalTolerance` of the rate's period, with Elgendi's detector fitted to that period.
///
/// The detector's published beat window (667 ms) and minimum spacing (300 ms) span two beats above about
/// 90 bpm; under noise it then loses most beats of a fast pulse and its intervals no longer show the rate.
/// Fitting both to the period keeps the detector's own logic (a peak is where the short average rises above the
/// beat-long one) at any rate. It confirms a rate the spectrum found; it does not find one: the spectrum's peak
/// must already be significant, and a train fitted to one rate that shows another leaves it unconfirmed.
public struct BeatTrainAgreement: Sendable {
    /// The extractor whose detector and upsampling are used.
    public var extractor: BeatExtractor

    /// Largest relative difference between an interval and the period for the interval to count.
    public static let intervalTolerance = 0.2
    /// Smallest share of intervals at the period for the train to confirm the rate.
    public static let minimumShare = 0.5

    /// Creates the check around `extractor`.
    public init(extractor: BeatExtractor) {
        self.extractor = extractor
    }

    /// Share (0…1) of the intervals between the beats found in `pulses` (band-passed, blood-volume polarity)
    /// that lie within `intervalTolerance` of `periodSeconds`; 0 without intervals.
    public func share(pulses: [UniformSegment], periodSeconds: Double) -> Double {
        train(pulses: pulses, periodSeconds: periodSeconds).share
    }

    /// The train the detector fitted to `periodSeconds` finds in `pulses` (as `intervals`).
    public func train(pulses: [UniformSegment], periodSeconds: Double) -> FittedBeatTrain {
        FittedBeatTrain(periodSeconds: periodSeconds,
                        intervals: Array(intervals(pulses: pulses, periodSeconds: periodSeconds).joined()))
    }

    /// The intervals (s) between the successive beats the detector fitted to `periodSeconds` finds in each of
    /// `pulses` (one list per segment, in time order).
    public func intervals(pulses: [UniformSegment], periodSeconds: Double) -> [[Double]] {
        var detector = extractor.detector
        detector.beatWindow = min(detector.beatWindow, periodSeconds)
        detector.minimumDelay = min(detector.minimumDelay, 0.6 * periodSeconds)
        return pulses.filter { $0.samples.count >= 8 }.map { pulse in
            let factor = extractor.upsamplingFactor(sampleRate: pulse.sampleRate)
            let rate = pulse.sampleRate * Double(factor)
            let peaks = detector.peaks(in: CubicSpline.upsample(pulse.samples, factor: factor), sampleRate: rate)
            return zip(peaks, peaks.dropFirst()).map { Double($1 - $0) / rate }
        }
    }
}
