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
    /// The two moving averages of the clipped, squared signal are formed index by index as the blocks are
    /// scanned (`RunningBoxcar`, one running sum each per index), with no array the length of the signal.
    public func peaks(in signal: [Double], sampleRate: Double) -> [Int] {
        let count = signal.count
        guard count >= 3 else { return [] }
        let peakSize = max(1, Int((peakWindow * sampleRate).rounded()))
        let beatSize = max(1, Int((beatWindow * sampleRate).rounded()))
        var total = 0.0
        for value in signal { total += value > 0 ? value * value : 0 }
        let offset = beatOffset * total / Double(count)
        let minimumSpacing = Int((minimumDelay * sampleRate).rounded())
        let peakRing = RunningBoxcar.ringCapacity(size: peakSize)
        return withUnsafeTemporaryAllocation(of: Double.self,
                                             capacity: peakRing + RunningBoxcar.ringCapacity(size: beatSize)) { rings in
            signal.withUnsafeBufferPointer { values in
                var peakAverage = RunningBoxcar(size: peakSize, ring: rings.baseAddress!, values: values, squared: true)
                var beatAverage = RunningBoxcar(size: beatSize, ring: rings.baseAddress! + peakRing, values: values,
                                                squared: true)
                var peaks: [Int] = []
                var blockStart: Int? = nil
                for index in 0...count {
                    let inside = index < count && peakAverage.next() > beatAverage.next() + offset
                    if inside, blockStart == nil { blockStart = index }
                    guard !inside, let start = blockStart else { continue }
                    blockStart = nil
                    // NeuroKit2 only closes blocks that end inside the signal.
                    guard index < count, index - start >= peakSize,
                          let peak = Self.mostProminentMaximum(signal, in: start..<index) else { continue }
                    if let last = peaks.last, peak - last <= minimumSpacing { continue }
                    peaks.append(peak)
                }
                return peaks
            }
        }
    }

    /// The centred boxcar averages of `size` points over a signal padded with `size` copies of its first value
    /// before it and of its last after it, index after index. Each average is the difference of two running sums
    /// of the padded values over `size`; the running sums are formed in order, one per index once the first
    /// average's are formed, and only the last `size + 1` are kept, in a ring (so no array as long as the signal).
    /// The padded value at position `p` is the value at `p − size` clamped to the signal's indices.
    struct RunningBoxcar {
        /// Points averaged.
        let size: Int
        /// Where the running sums are kept: sum `j` at `j & mask`.
        private let ring: UnsafeMutablePointer<Double>
        private let mask: Int
        /// The signal (not empty), each value clipped at zero and squared first when `squared`.
        private let values: UnsafeBufferPointer<Double>
        private let squared: Bool
        /// The number of the next running sum to form (sum 0, of no value, is formed at the start), and the last
        /// one formed.
        private var nextSum = 1
        private var sum = 0.0

        /// Starts the averages of `values` (not empty) with `ring` (at least `ringCapacity(size:)` values) as the
        /// store of running sums, forming every sum the first average needs but its last.
        init(size: Int, ring: UnsafeMutablePointer<Double>, values: UnsafeBufferPointer<Double>, squared: Bool) {
            self.size = size
            self.ring = ring
            self.values = values
            self.squared = squared
            mask = Self.ringCapacity(size: size) - 1
            ring[0] = 0
            // Like np.convolve(mode="same"): the average at index i is of padded positions
            // i + size − size/2 ..< i + 2·size − size/2, sums i + size − size/2 and i + 2·size − size/2 (even sizes
            // lean left).
            while nextSum < 2 * size - size / 2 { formNext() }
        }

        /// Values the ring holds: the power of two above `size` (at least `size + 1` running sums).
        static func ringCapacity(size: Int) -> Int {
            var capacity = 2
            while capacity <= size { capacity <<= 1 }
            return capacity
        }

        /// Forms the next running sum: the last one plus the padded value at position `nextSum − 1`.
        @inline(__always)
        private mutating func formNext() {
            let index = min(max(nextSum &- 1 &- size, 0), values.count &- 1)
            let value = values[index]
            sum += squared ? (value > 0 ? value * value : 0) : value
            ring[nextSum & mask] = sum
            nextSum &+= 1
        }

        /// The average at the next index (0 first): the sum just formed less the one `size` before it.
        @inline(__always)
        mutating func next() -> Double {
            formNext()
            return (sum - ring[(nextSum &- 1 &- size) & mask]) / Double(size)
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
