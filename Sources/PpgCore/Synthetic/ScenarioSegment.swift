import Glibc

/// One entry of a scenario timeline: `condition` holds from `startS` (inclusive) for `durationS` seconds.
/// A scenario is an array of segments; segments may overlap, and outside every segment the finger is steady.
public struct ScenarioSegment: Sendable, Equatable {
    /// Start time (s, stream clock).
    public var startS: Double
    /// Duration (s); `.infinity` for "from then on".
    public var durationS: Double
    /// What happens during the segment.
    public var condition: SignalCondition

    /// Creates a segment.
    public init(startS: Double, durationS: Double, condition: SignalCondition) {
        self.startS = startS
        self.durationS = durationS
        self.condition = condition
    }

    /// End time (s, exclusive).
    public var endS: Double { startS + durationS }

    /// Whether time `t` (s) lies in the segment.
    public func contains(_ t: Double) -> Bool {
        t >= startS && t < endS
    }

    /// Position of `t` inside the segment, 0…1.
    public func progress(at t: Double) -> Double {
        durationS.isFinite && durationS > 0 ? min(max((t - startS) / durationS, 0), 1) : 0
    }

    /// Half-sine envelope of burst-like conditions at `t`: 0 at both ends, 1 in the middle; 1 throughout for a
    /// segment without end.
    public func envelope(at t: Double) -> Double {
        durationS.isFinite ? sin(Double.pi * progress(at: t)) : 1
    }

    /// A demonstration session: no finger 0–4 s, steady, finger lifted at 30 s for 3 s, motion at 40 s for 2 s,
    /// saturation 45–50 s, weak signal 50–55 s.
    public static let demonstrationSession: [ScenarioSegment] = [
        ScenarioSegment(startS: 0, durationS: 4, condition: .fingerLifted),
        ScenarioSegment(startS: 30, durationS: 3, condition: .fingerLifted),
        ScenarioSegment(startS: 40, durationS: 2, condition: .typicalMotion),
        ScenarioSegment(startS: 45, durationS: 5, condition: .saturation(redDC: 253)),
        ScenarioSegment(startS: 50, durationS: 5, condition: .weakSignal(redAcFraction: 0.0025)),
    ]
}
