/// The beat train `BeatTrainAgreement` fits to one period: the intervals between the beats its detector finds when
/// fitted to the period, and how many of them lie at it. Kept with a spectral rate it confirmed, so that later checks
/// of the same train read its intervals instead of finding the beats again.
public struct FittedBeatTrain: Sendable {
    /// The period the detector was fitted to, s.
    public let periodSeconds: Double
    /// The intervals (s) between successive beats, every segment's in time order.
    public let intervals: [Double]

    /// The intervals within `BeatTrainAgreement.intervalTolerance` of the period.
    public var nearIntervals: [Double] { intervals.filter(isNear) }

    /// Share (0…1) of the intervals that lie near the period (as `nearIntervals`); 0 without intervals.
    public var share: Double {
        intervals.isEmpty ? 0 : Double(intervals.reduce(0) { isNear($1) ? $0 + 1 : $0 }) / Double(intervals.count)
    }

    /// Whether `interval` (s) lies within `BeatTrainAgreement.intervalTolerance` of the period.
    private func isNear(_ interval: Double) -> Bool {
        abs(interval - periodSeconds) <= BeatTrainAgreement.intervalTolerance * periodSeconds
    }
}
