/// A series of NN (or RR) intervals in milliseconds, each stamped with the time in seconds of the beat that
/// *ends* it. Intervals may be missing (removed or across a gap): only pairs whose end times
/// differ by the second interval (within `successiveToleranceMs`) count as successive.
public struct IntervalSeries: Sendable, Equatable {
    /// Two intervals are successive when `t[i+1] − t[i]` equals `x[i+1]` within this many ms (NeuroKit2's 10 ms).
    public static let successiveToleranceMs = 10.0

    /// Interval lengths in ms.
    public let intervalsMs: [Double]
    /// Time in seconds of the beat ending each interval; same count as `intervalsMs`.
    public let endTimesS: [Double]

    /// Creates a series from intervals (ms) and the end time (s) of each; precondition: equal counts.
    public init(intervalsMs: [Double], endTimesS: [Double]) {
        precondition(intervalsMs.count == endTimesS.count, "one end time per interval")
        self.intervalsMs = intervalsMs
        self.endTimesS = endTimesS
    }

    /// Creates the series of one contiguous run of beat times (s): intervals are successive differences.
    public init(beatTimesS: [Double]) {
        self.init(beatTimeSegments: [beatTimesS])
    }

    /// Creates the series of several contiguous runs of beat times (s), e.g. split at signal gaps: no interval
    /// spans two runs, so the pair joining two runs is not successive.
    public init(beatTimeSegments: [[Double]]) {
        var intervals: [Double] = []
        var ends: [Double] = []
        for segment in beatTimeSegments where segment.count >= 2 {
            for index in 1..<segment.count {
                intervals.append((segment[index] - segment[index - 1]) * 1000.0)
                ends.append(segment[index])
            }
        }
        self.init(intervalsMs: intervals, endTimesS: ends)
    }

    /// Joins several series end to end (e.g. one per beat run); pairs across the joins stay non-successive
    /// unless the runs really are contiguous.
    public init(concatenating parts: [IntervalSeries]) {
        self.init(intervalsMs: parts.flatMap(\.intervalsMs), endTimesS: parts.flatMap(\.endTimesS))
    }

    /// The intervals at `indices` (increasing), keeping their end times: removed intervals break the pairs.
    public func subset(_ indices: [Int]) -> IntervalSeries {
        IntervalSeries(intervalsMs: indices.map { intervalsMs[$0] }, endTimesS: indices.map { endTimesS[$0] })
    }

    /// Number of intervals.
    public var count: Int { intervalsMs.count }

    /// Whether interval `index + 1` directly follows interval `index` (no interval removed between them).
    public func isSuccessivePair(at index: Int) -> Bool {
        let elapsedMs = (endTimesS[index + 1] - endTimesS[index]) * 1000.0
        return abs(elapsedMs - intervalsMs[index + 1]) <= Self.successiveToleranceMs
    }

    /// Indices `i` such that intervals `i` and `i + 1` form a successive pair, in order.
    public var successivePairIndices: [Int] {
        guard count >= 2 else { return [] }
        return (0..<(count - 1)).filter(isSuccessivePair(at:))
    }

    /// Successive differences `x[i+1] − x[i]` (ms) over successive pairs only.
    public var successiveDifferencesMs: [Double] {
        successivePairIndices.map { intervalsMs[$0 + 1] - intervalsMs[$0] }
    }
}
