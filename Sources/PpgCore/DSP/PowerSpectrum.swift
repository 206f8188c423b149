import Glibc

/// A one-sided power spectral density on a uniform frequency grid (bin `k` at `k·resolution` Hz).
public struct PowerSpectrum: Sendable, Equatable {
    /// Power density per bin, bins 0…N/2.
    public var power: [Double]
    /// Spacing of the bins in Hz (sample rate / FFT length).
    public var resolution: Double

    /// Creates a spectrum from bin powers and the bin spacing.
    public init(power: [Double], resolution: Double) {
        self.power = power
        self.resolution = resolution
    }

    /// The frequency of bin `index` in Hz.
    public func frequency(ofBin index: Int) -> Double { Double(index) * resolution }

    /// Sum of the bins whose frequency lies in `band` (inclusive), 0 when none does.
    public func power(in band: ClosedRange<Double>) -> Double {
        guard let range = binRange(band) else { return 0 }
        return power[range].reduce(0, +)
    }

    /// The indices of the bins inside `band`, or nil when no bin falls in it.
    public func binRange(_ band: ClosedRange<Double>) -> ClosedRange<Int>? {
        let first = max(0, Int((band.lowerBound / resolution).rounded(.up)))
        let last = min(power.count - 1, Int((band.upperBound / resolution).rounded(.down)))
        return first <= last ? first...last : nil
    }

    /// The frequency (Hz) of the largest bin inside `band`, refined by a parabola through the bin and its two
    /// neighbours; nil when the band holds no bin or no power.
    public func peakFrequency(in band: ClosedRange<Double>) -> Double? {
        guard let range = binRange(band) else { return nil }
        var best = range.lowerBound
        for index in range where power[index] > power[best] { best = index }
        return refinedFrequency(ofBin: best)
    }

    /// The frequency (Hz) in `band` maximizing the harmonic sum `P(f) + P(2f)` (a pulse wave has a first harmonic; a
    /// slow artifact or a noise bump rarely does), refined by a parabola on `P`; nil without power.
    public func harmonicPeakFrequency(in band: ClosedRange<Double>) -> Double? {
        guard let range = binRange(band) else { return nil }
        let sum = { (index: Int) in self.power[index] + (2 * index < self.power.count ? self.power[2 * index] : 0) }
        var best = range.lowerBound, bestSum = sum(best)
        for index in range {
            let next = sum(index)
            if next > bestSum { (best, bestSum) = (index, next) }
        }
        return refinedFrequency(ofBin: localMaximum(near: best, within: range))
    }

    /// The largest bin among `index − 1 … index + 1` clamped to `range`.
    private func localMaximum(near index: Int, within range: ClosedRange<Int>) -> Int {
        let low = min(max(index - 1, range.lowerBound), range.upperBound)
        let high = min(max(index + 1, range.lowerBound), range.upperBound)
        var apex = low
        for candidate in low...high where power[candidate] > power[apex] { apex = candidate }
        return apex
    }

    /// Bin `best`'s frequency refined by a parabola through it and its neighbours; nil when it holds no power.
    private func refinedFrequency(ofBin best: Int) -> Double? {
        guard power[best] > 0 else { return nil }
        guard best > 0, best < power.count - 1 else { return frequency(ofBin: best) }
        let left = power[best - 1], centre = power[best], right = power[best + 1]
        let curvature = left - 2 * centre + right
        let offset = curvature < 0 ? min(max(0.5 * (left - right) / curvature, -0.5), 0.5) : 0
        return (Double(best) + offset) * resolution
    }
}

/// Periodogram and Welch estimates of a power spectrum with a Hann window and zero padding.
public enum SpectralEstimator {
    /// Hann-windowed periodogram of `samples` (mean removed) at `sampleRate`, zero-padded to at least
    /// `minimumLength` points (rounded up to a power of two). Empty spectrum for fewer than 4 samples.
    /// Repeated spectra of one length are cheaper through a `PeriodogramWorkspace`.
    public static func periodogram(_ samples: ArraySlice<Double>, sampleRate: Double,
                                   minimumLength: Int = 0) -> PowerSpectrum {
        var workspace = PeriodogramWorkspace(length: max(samples.count, minimumLength))
        return workspace.periodogram(samples, sampleRate: sampleRate)
    }

    /// Welch's average of Hann-windowed periodograms over segments of `segmentLength` samples with 50 % overlap,
    /// each zero-padded to at least `minimumLength`. Falls back to one periodogram when the input is shorter than
    /// a segment.
    public static func welch(_ samples: [Double], sampleRate: Double, segmentLength: Int,
                             minimumLength: Int = 0) -> PowerSpectrum {
        guard samples.count > segmentLength, segmentLength >= 4 else {
            return periodogram(samples[...], sampleRate: sampleRate, minimumLength: minimumLength)
        }
        var workspace = PeriodogramWorkspace(length: max(segmentLength, minimumLength))
        var power = [Double](repeating: 0, count: workspace.plan.length / 2 + 1)
        let step = max(1, segmentLength / 2)
        var start = 0, segments = 0
        while start + segmentLength <= samples.count {
            workspace.accumulate(samples[start..<(start + segmentLength)], into: &power)
            segments += 1
            start += step
        }
        for index in power.indices { power[index] /= Double(segments) }
        return PowerSpectrum(power: power, resolution: sampleRate / Double(workspace.plan.length))
    }
}
