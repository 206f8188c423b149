import Glibc

/// Finds the parts of a reading disturbed by motion or pressure changes, in short blocks: a block is disturbed when
/// the band-passed pulse's peak-to-peak exceeds `amplitudeRatio` times the reading's quiet level (lower quartile of
/// the blocks), or when the accelerometer magnitude varies by more than `accelerationSd` m/s² within it.
public struct DisturbanceDetector: Sendable {
    /// Block length, seconds.
    public var blockSeconds = 2.0
    /// Amplitude multiple of the quiet level that marks a block as disturbed.
    public var amplitudeRatio = 3.0
    /// Combined acceleration standard deviation that marks a block as disturbed, m/s².
    public var accelerationSd = 0.5

    /// Creates a detector with the defaults.
    public init() {}

    /// Share of blocks (over the pulse segments' span) that are disturbed; 0 without blocks.
    public func disturbedFraction(pulses: [UniformSegment], motion: [MotionSample]) -> Double {
        let blocks = classifiedBlocks(pulses: pulses, motion: motion)
        guard !blocks.isEmpty else { return 0 }
        return Double(blocks.filter(\.disturbed).count) / Double(blocks.count)
    }

    /// Start times (s, the pulses' clock) of the disturbed blocks, in order.
    public func disturbedBlockStarts(pulses: [UniformSegment], motion: [MotionSample] = []) -> [Double] {
        classifiedBlocks(pulses: pulses, motion: motion).filter(\.disturbed).map(\.start)
    }

    /// Every whole block of the pulse segments with its start time and whether it is disturbed.
    private func classifiedBlocks(pulses: [UniformSegment],
                                  motion: [MotionSample]) -> [(start: Double, disturbed: Bool)] {
        var amplitudes: [Double] = []
        var starts: [Double] = []
        for pulse in pulses {
            let length = Int((blockSeconds * pulse.sampleRate).rounded())
            guard length >= 4 else { continue }
            var first = 0
            while first + length <= pulse.samples.count {
                let block = pulse.samples[first..<(first + length)]
                amplitudes.append((block.max() ?? 0) - (block.min() ?? 0))
                starts.append(pulse.time(at: Double(first)))
                first += length
            }
        }
        guard let quiet = Statistics.percentile(amplitudes, 25) else { return [] }
        return amplitudes.indices.map { index in
            let shaken = accelerationSpread(motion, from: starts[index], to: starts[index] + blockSeconds)
                .map { $0 > accelerationSd } ?? false
            return (starts[index], amplitudes[index] > amplitudeRatio * quiet || shaken)
        }
    }

    /// `sqrt(var(x) + var(y) + var(z))` of the accelerometer in `start..<end`; nil with fewer than 5 samples.
    func accelerationSpread(_ motion: [MotionSample], from start: Double, to end: Double) -> Double? {
        let inside = motion.filter { $0.timestamp >= start && $0.timestamp < end }
        guard inside.count >= 5 else { return nil }
        let variances = [inside.map(\.x), inside.map(\.y), inside.map(\.z)].map { Statistics.variance($0) ?? 0 }
        return variances.reduce(0, +).squareRoot()
    }
}
