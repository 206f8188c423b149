/// Per-beat confidence from the pulse shape: a beat whose systolic peak lies far from its usual place after the
/// upstroke has a deformed pulse, and its upstroke time is not trusted for beat-to-beat differences.
///
/// On a fingertip the delay from the 50 % upstroke crossing to the systolic peak is nearly the same for every beat
/// of a reading (its scatter is the peak's timing noise, some 5–15 ms). Some pulses are deformed — a weak or early
/// beat after which the late (reflected) wave outgrows the systolic one, a pulse bent by a pressure change — and
/// their peak jumps by a large part of that delay or lands on the late wave altogether. Measured against a chest
/// strap, the successive differences that involve such a beat are off by 20–50 ms, often twice as far as the others,
/// although the upstroke fiducials of the beat agree with each other (they move together). Such a displaced peak
/// is a discrete jump, not the peak's timing noise, so it says nothing about how well the other beats are timed.
public enum DisplacedPeak {
    /// Largest deviation of a beat's upstroke-to-peak delay from the reading's median delay, as a share of that
    /// median, for a beat whose pulse keeps its shape: half the delay, several times the peak's timing noise
    /// at 20–60 fps, far less than a jump to the late wave (one to three times the delay).
    public static let tolerance = 0.5

    /// For each beat (time order), whether its peak sits where the reading's peaks usually sit after the upstroke:
    /// `|d − median(d)| ≤ tolerance · median(d)`, `d` the delay from the 50 % crossing to the systolic peak. All
    /// true when there are fewer than three beats or the median delay is not positive.
    public static func keepsShape(_ beats: [DetectedBeat]) -> [Bool] {
        let delays = beats.map { $0.peakTime - $0.time }
        guard delays.count >= 3, let median = Statistics.median(delays), median > 0 else {
            return [Bool](repeating: true, count: beats.count)
        }
        return delays.map { abs($0 - median) <= tolerance * median }
    }
}
