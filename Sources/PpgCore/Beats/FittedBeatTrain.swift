/// The beat train `BeatTrainAgreement` fits to one period: the intervals between the beats its detector finds when
/// fitted to the period, and how many of them lie at it. Kept with a spectral rate it confirmed,
/// so that later checks of the same train read its intervals instead of finding the beats again.
public struct FittedBeatTrain: Sendable {
    /// The period the detector was fitted to, s.
    public let periodSeconds: Double
    /// The intervals (s) between successive beats, every segment's in time order.
    public let intervals: [Double]

    /// The intervals within `BeatTrainAgreement.intervalTolerance` of the period.
    public var nearIntervals: [Double] {
        let period = periodSeconds
        return intervals.filter { abs($0 - period) <= BeatTrainAgreement.intervalTolerance * period }
    }

    /// Share (0…1) of the intervals that lie near the period (`nearIntervals`); 0 without intervals.
    public var share: Double { intervals.isEmpty ? 0 : Double(nearIntervals.count) / Double(intervals.count) }
}
