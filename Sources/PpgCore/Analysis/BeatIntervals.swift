/// The raw inter-beat intervals of a reading: consecutive beats of the same gap-free segment only, with the same
/// intervals measured from the parabolic peak and from the integer-frame peak.
public struct BeatIntervals: Sendable, Equatable {
    /// Interval between 50 %-upstroke times, ms.
    public var upstrokeMs: [Double] = []
    /// Interval between parabolic peak times, ms.
    public var peakMs: [Double] = []
    /// Interval between the steepest points of the upstrokes, ms.
    public var steepestMs: [Double] = []
    /// Steepest upstroke time (s) of the beat ending each interval.
    public var steepestEndTimes: [Double] = []
    /// Interval between integer-frame peak times, ms.
    public var framePeakMs: [Double] = []
    /// Time (s) of the beat ending each interval.
    public var endTimes: [Double] = []
    /// Integer-frame peak time (s) of the beat ending each interval.
    public var framePeakEndTimes: [Double] = []
    /// Index in the beat list of the beat ending each interval.
    public var endBeatIndices: [Int] = []

    /// Builds the intervals of `beats` (time order).
    public init(beats: [DetectedBeat]) {
        for index in beats.indices.dropFirst() where beats[index].segment == beats[index - 1].segment {
            let previous = beats[index - 1], beat = beats[index]
            upstrokeMs.append(1000 * (beat.time - previous.time))
            peakMs.append(1000 * (beat.peakTime - previous.peakTime))
            steepestMs.append(1000 * (beat.steepestTime - previous.steepestTime))
            steepestEndTimes.append(beat.steepestTime)
            framePeakMs.append(1000 * (beat.framePeakTime - previous.framePeakTime))
            endTimes.append(beat.time)
            framePeakEndTimes.append(beat.framePeakTime)
            endBeatIndices.append(index)
        }
    }

    /// Number of intervals.
    public var count: Int { upstrokeMs.count }
}
