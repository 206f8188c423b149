/// How fast the unfiltered level of a channel moves (a motion cue for the live quality score): the largest change
/// between the means of two consecutive `spanSeconds` stretches ending at any frame of a window, relative to the
/// channel's mean level. The pulse averages out over a stretch; breathing, baseline wander and slow pressure drift
/// move the level by well under 1 % of DC per second, a motion burst or light leak by several percent.
enum BaselineSlew {
    /// Length of each averaged stretch, seconds.
    static let spanSeconds = 1.0

    /// The largest relative level change per `spanSeconds` over the frames ending in `window` (needs frames from
    /// `2·spanSeconds` before its start); 0 when there are too few frames or no light.
    static func relativeSlew(frames: [FrameSample], channel: PulseChannel, window: ClosedRange<Double>) -> Double {
        guard let first = frames.first?.timestamp else { return 0 }
        var prefix = [Double](repeating: 0, count: frames.count + 1)
        for (index, frame) in frames.enumerated() { prefix[index + 1] = prefix[index] + channel.value(in: frame) }
        var largest = 0.0, levelSum = 0.0, levelCount = 0
        var previousStart = 0, currentStart = 0
        for index in frames.indices where frames[index].timestamp >= window.lowerBound
            && frames[index].timestamp <= window.upperBound {
            let time = frames[index].timestamp
            levelSum += channel.value(in: frames[index])
            levelCount += 1
            guard time - 2 * spanSeconds >= first else { continue }
            while frames[currentStart].timestamp <= time - spanSeconds { currentStart += 1 }
            while frames[previousStart].timestamp <= time - 2 * spanSeconds { previousStart += 1 }
            guard currentStart > previousStart, index >= currentStart else { continue }
            let current = (prefix[index + 1] - prefix[currentStart]) / Double(index + 1 - currentStart)
            let previous = (prefix[currentStart] - prefix[previousStart]) / Double(currentStart - previousStart)
            largest = max(largest, abs(current - previous))
        }
        let level = levelCount > 0 ? levelSum / Double(levelCount) : 0
        return level > 1 ? largest / level : 0
    }
}
