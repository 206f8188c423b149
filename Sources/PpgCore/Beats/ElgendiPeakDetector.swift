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
    /// scanned (`RunningBoxcar`), with no array the length of the signal.
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
                var peakAverage = RunningBoxcar(size: peakSize, ring: rings.baseAddress!)
                var beatAverage = RunningBoxcar(size: beatSize, ring: rings.baseAddress! + peakRing)
                var peaks: [Int] = []
                var blockStart: Int? = nil
                for index in 0...count {
                    let inside = index < count
                        && peakAverage.average(at: index, of: values, squared: true)
                            > beatAverage.average(at: index, of: values, squared: true) + offset
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
    /// before it and of its last after it, asked for index by index in increasing order. Each average is the
    /// difference of two running sums of the padded values over `size`; the running sums are formed in order as
    /// the indices need them and only the last `size + 1` are kept, in a ring (so no array as long as the signal).
    struct RunningBoxcar {
        /// Points averaged.
        let size: Int
        /// Where the running sums are kept: sum `j` at `j & mask`.
        private let ring: UnsafeMutablePointer<Double>
        private let mask: Int
        /// Running sums formed so far (sum 0, of no value, included).
        private var formed = 1
        private var sum = 0.0

        /// Starts the averages with `ring` (at least `ringCapacity(size:)` values) as the store of running sums.
        init(size: Int, ring: UnsafeMutablePointer<Double>) {
            self.size = size
            self.ring = ring
            mask = Self.ringCapacity(size: size) - 1
            ring[0] = 0
        }

        /// Values the ring holds: the power of two above `size` (at least `size + 1` running sums).
        static func ringCapacity(size: Int) -> Int {
            var capacity = 2
            while capacity <= size { capacity <<= 1 }
            return capacity
        }

        /// The average at `index` (at least the index asked before) of `values`, each clipped at zero and squared
        /// first when `squared`. Like np.convolve(mode="same"): it averages original samples i − (size − 1) +
        /// (size − 1)/2 … i + (size − 1)/2, i.e. padded positions i + size − size/2 ..< i + 2·size − size/2 (even
        /// sizes lean left).
        @inline(__always)
        mutating func average(at index: Int, of values: UnsafeBufferPointer<Double>, squared: Bool) -> Double {
            let first = index + size - size / 2, last = first + size
            let count = values.count
            while formed <= last {
                // The padded value at position formed − 1: the first value repeated, the values, the last repeated.
                let position = formed - 1
                let value = values[position < size ? 0 : (position < count + size ? position - size : count - 1)]
                sum += squared ? (value > 0 ? value * value : 0) : value
                ring[formed & mask] = sum
                formed += 1
            }
            return (ring[last & mask] - ring[first & mask]) / Double(size)
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
