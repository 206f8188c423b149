/// A sudden change of a channel's level: the finger settling or pressing differently, a light change. The band-pass
/// turns a step of tens of counts into a transient that drowns a pulse of one count for seconds, so the live
/// analysis starts afresh after it instead of scoring the transient (the pulse itself averages out over a second;
/// a wandering baseline moves far less per second).
enum LevelStep {
    /// Length of the two stretches compared on each side of a candidate step, seconds.
    static let stretchSeconds = 1.0
    /// Relative change of the mean level between the stretches that makes a step: above the few percent a pulse
    /// leaves in a one-second mean and the 6 % a second of a wandering baseline moves, below the 10 % and more of a
    /// finger settling or pressing.
    static let relativeChange = 0.08
    /// A change must also exceed this multiple of the pulse's steady peak-to-peak amplitude: the band-pass turns a
    /// step no larger than the pulse's own swing into a transient no larger than a beat.
    static let pulseMultiple = 2.0
    /// Steps found within this many seconds of each other are one step (its boundary moves as frames arrive).
    static let sameStepSeconds = 2.0
    /// Two steps closer than this, seconds, mean the finger keeps moving rather than settled once.
    static let repeatSeconds = 10.0

    /// The latest step among `frames` (ascending) on `channel`: the boundary between two consecutive
    /// `stretchSeconds` stretches whose means differ by more than `relativeChange` of their level and by more than
    /// `pulseMultiple × steadyAmplitude` counts, with that difference relative to the level; nil without one.
    static func latest(in frames: [FrameSample], channel: PulseChannel,
                       steadyAmplitude: Double) -> (time: Double, relativeChange: Double)? {
        guard let first = frames.first?.timestamp, let last = frames.last?.timestamp,
              last - first >= 2 * stretchSeconds else { return nil }
        var prefix = [Double](repeating: 0, count: frames.count + 1)
        for (index, frame) in frames.enumerated() { prefix[index + 1] = prefix[index] + channel.value(in: frame) }
        var before = 0, after = 0
        var latest: (time: Double, relativeChange: Double)?
        for (index, frame) in frames.enumerated() {
            let boundary = frame.timestamp
            guard boundary - stretchSeconds >= first, boundary + stretchSeconds <= last else { continue }
            while frames[before].timestamp < boundary - stretchSeconds { before += 1 }
            while after < frames.count && frames[after].timestamp < boundary + stretchSeconds { after += 1 }
            guard index > before, after > index else { continue }
            let earlier = (prefix[index] - prefix[before]) / Double(index - before)
            let later = (prefix[after] - prefix[index]) / Double(after - index)
            let level = (earlier + later) / 2
            let change = abs(later - earlier)
            if level > 1 && change > relativeChange * level && change > pulseMultiple * steadyAmplitude {
                latest = (boundary, change / level)
            }
        }
        return latest
    }
}
