import Glibc

/// An FFT plan with the buffers and Hann windows that repeated periodograms of one length reuse: once a window
/// length has been seen, a periodogram computes no trigonometry and allocates only its result.
///
/// Each call gives exactly what `SpectralEstimator.periodogram` gives for the same samples and FFT length.
public struct PeriodogramWorkspace: Sendable {
    /// The FFT plan (its length is the zero-padded length of every periodogram).
    public let plan: FastFourierTransform
    private var even: [Double]
    private var odd: [Double]
    /// The windowed samples of a periodogram in pairs (`x[2n]`, `x[2n + 1]`), before the transform places them.
    private var evenPoints: [Double]
    private var oddPoints: [Double]
    /// Hann windows of the sample counts seen most recently (newest first, at most `cachedWindows`), with their
    /// energies `Σw²`: windows on a grid that does not divide the window length alternate between two counts.
    private var windows: [(weights: [Double], energy: Double)] = []
    private static let cachedWindows = 4

    /// Creates a workspace for periodograms zero-padded to `length` points (rounded up to a power of two).
    public init(length: Int) {
        self.init(plan: FastFourierTransform.shared(length: length))
    }

    /// Creates a workspace around a prepared plan.
    public init(plan: FastFourierTransform) {
        self.plan = plan
        even = Self.workBuffer(count: plan.length / 2)
        odd = Self.workBuffer(count: plan.length / 2)
        evenPoints = Self.workBuffer(count: plan.length / 2)
        oddPoints = Self.workBuffer(count: plan.length / 2)
    }

    /// A buffer of `count` values left as the allocator gives them, neither zero-filled nor shared with another:
    /// the transform writes every place of `even` and `odd` before it reads them, and reads the points only as far
    /// as `place` wrote them.
    private static func workBuffer(count: Int) -> [Double] {
        [Double](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }

    /// Hann-windowed periodogram of `samples` (mean removed) at `sampleRate`, zero-padded to `plan.length`.
    /// Empty spectrum for fewer than 4 samples or more than `plan.length`.
    public mutating func periodogram(_ samples: ArraySlice<Double>, sampleRate: Double) -> PowerSpectrum {
        guard samples.count >= 4, samples.count <= plan.length else {
            return PowerSpectrum(power: [], resolution: sampleRate)
        }
        let (leadingPairs, scale) = place(samples)
        let power = plan.realPower(evenPoints: evenPoints, oddPoints: oddPoints, leadingPairs: leadingPairs,
                                   even: &even, odd: &odd, scale: scale)
        return PowerSpectrum(power: power, resolution: sampleRate / Double(plan.length))
    }

    /// Adds the Hann-windowed, mean-removed periodogram of `samples` (at most `plan.length`), normalized by the
    /// window energy, to `power` (`plan.length/2 + 1` bins).
    public mutating func accumulate(_ samples: ArraySlice<Double>, into power: inout [Double]) {
        let (leadingPairs, scale) = place(samples)
        plan.accumulateRealPower(evenPoints: evenPoints, oddPoints: oddPoints, leadingPairs: leadingPairs,
                                 even: &even, odd: &odd, scale: scale, into: &power)
    }

    /// Writes the Hann-windowed, mean-removed `samples` in pairs into `evenPoints`/`oddPoints` (an odd count's last
    /// pair padded with 0); returns the number of pairs written and the periodogram's normalization, one over the
    /// window's energy (0 for none).
    private mutating func place(_ samples: ArraySlice<Double>) -> (leadingPairs: Int, scale: Double) {
        let count = samples.count
        let (window, windowEnergy) = hannWindow(count: count)
        let average = samples.reduce(0, +) / Double(count)
        let leadingPairs = (count + 1) / 2
        samples.withUnsafeBufferPointer { input in
            window.withUnsafeBufferPointer { weights in
                evenPoints.withUnsafeMutableBufferPointer { evenBuffer in
                    oddPoints.withUnsafeMutableBufferPointer { oddBuffer in
                        let pairs = count / 2
                        for pair in 0..<pairs {
                            evenBuffer[pair] = (input[2 * pair] - average) * weights[2 * pair]
                            oddBuffer[pair] = (input[2 * pair + 1] - average) * weights[2 * pair + 1]
                        }
                        if count % 2 == 1 {
                            evenBuffer[pairs] = (input[count - 1] - average) * weights[count - 1]
                            oddBuffer[pairs] = 0
                        }
                    }
                }
            }
        }
        return (leadingPairs, windowEnergy > 0 ? 1.0 / windowEnergy : 0)
    }

    /// A Hann window's weights and energy, as the process-wide table keeps them.
    private struct HannWindow: Sendable {
        var weights: [Double]
        var energy: Double
    }

    /// Hann windows made so far in this process, by point count (the counts of a few frame rates' windows).
    private static let sharedWindows = SharedTable<Int, HannWindow>(capacity: 64)

    /// The periodic Hann window `0.5 − 0.5·cos(2πn/count)` of `count` points and its energy, from the workspace's
    /// cache, else from the process-wide table.
    private mutating func hannWindow(count: Int) -> (weights: [Double], energy: Double) {
        if let cached = windows.firstIndex(where: { $0.weights.count == count }) {
            return windows[cached]
        }
        let window = Self.sharedWindows.value(for: count) {
            let weights = (0..<count).map { 0.5 - 0.5 * cos(2.0 * Double.pi * Double($0) / Double(count)) }
            return HannWindow(weights: weights, energy: weights.reduce(0) { $0 + $1 * $1 })
        }
        windows.insert((window.weights, window.energy), at: 0)
        if windows.count > Self.cachedWindows { windows.removeLast() }
        return (window.weights, window.energy)
    }
}
