/// The Malik 20 % rule for live estimates: an interval is rejected when it differs from the
/// reference by more than `tolerance` × reference. The reference is the previous accepted interval or the
/// running median of the last accepted ones.
///
/// So a wrong first interval cannot lock the filter, `reseedAfterRejections` consecutive rejections make the
/// filter start over from the current interval (which is then accepted).
public struct MalikIntervalFilter: Sendable {
    /// What a new interval is compared with.
    public enum Reference: Sendable, Equatable {
        /// The previous accepted interval (Malik's original rule).
        case previousAccepted
        /// The median of the last `count` accepted intervals.
        case runningMedian(count: Int)
    }

    /// Verdict on one interval.
    public enum Decision: Sendable, Equatable {
        /// Keep the interval.
        case accept
        /// Discard the interval.
        case reject
    }

    /// Largest accepted relative difference from the reference (0.2 = 20 %).
    public let tolerance: Double
    /// Reference used for the comparison.
    public let reference: Reference
    /// Consecutive rejections after which the filter restarts from the current interval.
    public let reseedAfterRejections: Int

    private var accepted: [Double] = []
    private var consecutiveRejections = 0

    /// Creates a filter (defaults: 20 % against the previous accepted interval, restart after 3 rejections).
    public init(tolerance: Double = 0.2, reference: Reference = .previousAccepted, reseedAfterRejections: Int = 3) {
        self.tolerance = tolerance
        self.reference = reference
        self.reseedAfterRejections = reseedAfterRejections
        accepted.reserveCapacity(Self.historyLength(for: reference))
    }

    /// Judges the next interval (ms) and updates the reference.
    public mutating func evaluate(_ intervalMs: Double) -> Decision {
        guard let referenceMs = currentReference(),
              consecutiveRejections < reseedAfterRejections else {
            accepted.removeAll(keepingCapacity: true)
            return accept(intervalMs)
        }
        if abs(intervalMs - referenceMs) > tolerance * referenceMs {
            consecutiveRejections += 1
            return .reject
        }
        return accept(intervalMs)
    }

    /// Judges a whole series from a fresh filter; one decision per interval.
    public static func decisions(for intervalsMs: [Double], tolerance: Double = 0.2,
                                 reference: Reference = .previousAccepted) -> [Decision] {
        var filter = MalikIntervalFilter(tolerance: tolerance, reference: reference)
        return intervalsMs.map { filter.evaluate($0) }
    }

    private mutating func accept(_ intervalMs: Double) -> Decision {
        consecutiveRejections = 0
        accepted.append(intervalMs)
        let excess = accepted.count - Self.historyLength(for: reference)
        if excess > 0 { accepted.removeFirst(excess) }
        return .accept
    }

    private func currentReference() -> Double? {
        switch reference {
        case .previousAccepted: accepted.last
        case .runningMedian: Statistics.median(accepted)
        }
    }

    private static func historyLength(for reference: Reference) -> Int {
        switch reference {
        case .previousAccepted: 1
        case .runningMedian(let count): max(1, count)
        }
    }
}
