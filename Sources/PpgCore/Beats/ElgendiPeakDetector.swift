/// Systolic peak detection after Elgendi et al. 2013 (PLoS One 8:e76585), as NeuroKit2's `ppg_findpeaks`:
/// clip at zero and square, compare a short moving average (peak window) with a long one (beat window) raised by an
/// offset, keep blocks at least a peak window long, take the most prominent maximum of each, and enforce a minimum
/// spacing between peaks.
public struct ElgendiPeakDetector: Sendable {
    /// Short moving-average window, seconds (W1 = 111 ms).
    public var peakWindow: Double = 0.111
    /// Long moving-average window, seconds (W2 = 667 ms).
    public var beatWindow: Double = 0.667
    /// Threshold offset as a fraction of the mean squared signal (β = 0.02).
    public var beatOffset: Double = 0.02
    /// Minimum spacing between accepted peaks, seconds.
    public var minimumDelay: Double = 0.3

    /// Creates a detector with Elgendi's published parameters.
    public init() {}

    /// Indices of systolic peaks in `signal` (blood-volume polarity: peaks point up), sampled at `sampleRate`.
    public func peaks(in signal: [Double], sampleRate: Double) -> [Int] {
        guard signal.count >= 3 else { return [] }
        let squared = signal.map { $0 > 0 ? $0 * $0 : 0 }
        let peakSize = max(1, Int((peakWindow * sampleRate).rounded()))
        let beatSize = max(1, Int((beatWindow * sampleRate).rounded()))
        let peakAverage = Self.movingAverage(squared, size: peakSize)
        let beatAverage = Self.movingAverage(squared, size: beatSize)
        let offset = beatOffset * squared.reduce(0, +) / Double(squared.count)
        let minimumSpacing = Int((minimumDelay * sampleRate).rounded())

        var peaks: [Int] = []
        var blockStart: Int? = nil
        for index in 0...signal.count {
            let inside = index < signal.count && peakAverage[index] > beatAverage[index] + offset
            if inside, blockStart == nil { blockStart = index }
            guard !inside, let start = blockStart else { continue }
            blockStart = nil
            // NeuroKit2 only closes blocks that end inside the signal.
            guard index < signal.count, index - start >= peakSize,
                  let peak = Self.mostProminentMaximum(signal, in: start..<index) else { continue }
            if let last = peaks.last, peak - last <= minimumSpacing { continue }
            peaks.append(peak)
        }
        return peaks
    }

    /// Centred boxcar average of `size` points with the ends padded by the edge values (NeuroKit2
    /// `signal_smooth(kernel="boxcar")`).
    static func movingAverage(_ values: [Double], size: Int) -> [Double] {
        let count = values.count
        let prefix = [Double](unsafeUninitializedCapacity: count + 2 * size + 1) { sums, initialized in
            // Running sums of the padded signal: `size` copies of the first value, the values, `size` copies of the
            // last.
            values.withUnsafeBufferPointer { source in
                var sum = 0.0
                sums[0] = sum
                for position in 0..<size {  // the first value repeated
                    sum += source[0]
                    sums[position + 1] = sum
                }
                for position in size..<(count + size) {
                    sum += source[position - size]
                    sums[position + 1] = sum
                }
                for position in (count + size)..<(count + 2 * size) {  // the last value repeated
                    sum += source[count - 1]
                    sums[position + 1] = sum
                }
            }
            initialized = count + 2 * size + 1
        }
        // Like np.convolve(mode="same"): output i averages original samples i − (size − 1) + (size − 1)/2 … i +
        // (size − 1)/2, i.e. padded positions i + size − size/2 ..< i + 2·size − size/2 (even sizes lean left).
        let lead = size / 2
        return [Double](unsafeUninitializedCapacity: count) { averages, initialized in
            prefix.withUnsafeBufferPointer { sums in
                for index in 0..<count {
                    let first = index + size - lead
                    averages[index] = (sums[first + size] - sums[first]) / Double(size)
                }
            }
            initialized = count
        }
    }

    /// The local maximum with the largest topographic prominence inside `range` (SciPy `find_peaks` semantics,
    /// bases searched within the range); nil when the range holds no local maximum.
    static func mostProminentMaximum(_ signal: [Double], in range: Range<Int>) -> Int? {
        guard range.count >= 3 else { return nil }
        var best: Int? = nil
        var bestProminence = -Double.infinity
        for index in (range.lowerBound + 1)..<(range.upperBound - 1) {
            let value = signal[index]
            guard value > signal[index - 1], value >= signal[index + 1] else { continue }
            var leftBase = value, rightBase = value
            var cursor = index - 1
            while cursor >= range.lowerBound && signal[cursor] <= value {
                leftBase = min(leftBase, signal[cursor])
                cursor -= 1
            }
            cursor = index + 1
            while cursor < range.upperBound && signal[cursor] <= value {
                rightBase = min(rightBase, signal[cursor])
                cursor += 1
            }
            let prominence = value - max(leftBase, rightBase)
            if prominence > bestProminence {
                bestProminence = prominence
                best = index
            }
        }
        return best
    }
}
