/// The live beat intervals since reset: each interval is screened with the Malik 20 % rule
/// (`MalikIntervalFilter`, against the previous accepted interval); the recent ones are kept in preallocated
/// storage for the heart rate and the discard ratio, and RMSSD is accumulated over successive accepted pairs in
/// running sums, so recording an interval never allocates.
struct LiveIntervalLog: Sendable {
    /// One screened interval.
    struct Entry: Sendable, Equatable {
        /// Time of the beat ending the interval, seconds.
        var endTime: Double
        /// Interval length, ms.
        var intervalMs: Double
        /// Whether the Malik rule kept it.
        var accepted: Bool
    }

    private var entries: [Entry]
    private var oldest = 0
    private var count = 0
    private var filter = MalikIntervalFilter()
    /// The previous interval when it was accepted and directly precedes the next one (for successive pairs).
    private var previousAcceptedMs: Double?
    private var sumOfSquaredDifferences = 0.0
    /// Successive accepted pairs summed into RMSSD since the last clear.
    private(set) var pairCount = 0

    /// Creates an empty log holding at most `capacity` recent intervals.
    init(capacity: Int) {
        entries = [Entry](repeating: Entry(endTime: 0, intervalMs: 0, accepted: false), count: max(capacity, 1))
    }

    /// Forgets every interval (a reading starts).
    mutating func clear() {
        oldest = 0
        count = 0
        breakSeries()
        sumOfSquaredDifferences = 0
        pairCount = 0
    }

    /// Marks a break in the beat series (gap, reset or missing interval): the next interval has no reference.
    mutating func breakSeries() {
        filter = MalikIntervalFilter()
        previousAcceptedMs = nil
    }

    /// Screens and records the interval `intervalMs` ending at `endTime`; returns whether it was accepted.
    @discardableResult
    mutating func record(intervalMs: Double, endTime: Double) -> Bool {
        let accepted = filter.evaluate(intervalMs) == .accept
        if accepted, let previous = previousAcceptedMs {
            let difference = intervalMs - previous
            sumOfSquaredDifferences += difference * difference
            pairCount += 1
        }
        previousAcceptedMs = accepted ? intervalMs : nil
        append(Entry(endTime: endTime, intervalMs: intervalMs, accepted: accepted))
        return accepted
    }

    /// RMSSD over the successive accepted pairs since the last clear; nil without pairs.
    var rmssdMs: Double? {
        pairCount > 0 ? (sumOfSquaredDifferences / Double(pairCount)).squareRoot() : nil
    }

    /// `60000 / mean` of the accepted intervals ending after `start`; nil with fewer than `minimumCount` of them or
    /// when they are not the majority of the intervals there.
    func heartRateBpm(endingAfter start: Double, minimumCount: Int) -> Double? {
        var sum = 0.0, used = 0, total = 0
        for index in 0..<count where self[index].endTime > start {
            total += 1
            guard self[index].accepted else { continue }
            sum += self[index].intervalMs
            used += 1
        }
        return used >= max(minimumCount, 1) && 2 * used > total ? 60000 * Double(used) / sum : nil
    }

    /// Numbers of intervals ending after `start` and of those rejected.
    func discardCounts(endingAfter start: Double) -> (total: Int, rejected: Int) {
        var total = 0, rejected = 0
        for index in 0..<count where self[index].endTime > start {
            total += 1
            if !self[index].accepted { rejected += 1 }
        }
        return (total, rejected)
    }

    private subscript(index: Int) -> Entry { entries[(oldest + index) % entries.count] }

    private mutating func append(_ entry: Entry) {
        if count < entries.count {
            entries[(oldest + count) % entries.count] = entry
            count += 1
        } else {
            entries[oldest] = entry
            oldest = (oldest + 1) % entries.count
        }
    }
}
