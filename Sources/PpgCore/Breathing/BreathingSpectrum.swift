import Glibc

/// Power spectrum of one or more segments on a fine frequency grid: each segment is detrended, Hann-windowed and
/// transformed by a direct DFT at the grid frequencies (the same values a zero-padded FFT gives at those bins,
/// without padding to a power of two); segment spectra are averaged, weighted by length.
struct BreathingSpectrum: Sendable {
    /// The grid, Hz, evenly spaced by `step`.
    let frequencies: [Double]
    /// Power at each grid frequency (per-sample variance units).
    let power: [Double]
    /// Grid spacing, Hz.
    let step: Double
    /// Total length of the segments analysed, seconds.
    let analysedSeconds: Double

    /// The spectrum over `[lower, upper]` (both included, spaced by `step`), each segment high-passed at
    /// `highPassHz` after the linear detrend (0: linear detrend only); nil without data.
    init?(segments: [BreathingSegment], lower: Double, upper: Double, step: Double, highPassHz: Double) {
        let count = Int(((upper - lower) / step).rounded(.down)) + 1
        let totalSeconds = segments.reduce(0) { $0 + $1.seconds }
        guard count >= 3, totalSeconds > 0 else { return nil }
        let frequencies = (0..<count).map { lower + Double($0) * step }
        var power = [Double](repeating: 0, count: count)
        for segment in segments {
            let weight = segment.seconds / totalSeconds
            let segmentPower = BreathingSpectrum.periodogram(of: segment, at: frequencies, highPassHz: highPassHz)
            for i in 0..<count { power[i] += weight * segmentPower[i] }
        }
        self.frequencies = frequencies
        self.power = power
        self.step = step
        self.analysedSeconds = totalSeconds
    }

    /// The breathing peak of the segments between `minimumFrequencyHz` (less the edge tolerance) and `upper`, or
    /// nil when there is none or the segments span fewer than `minimumCycles` cycles of it.
    static func breathingPeak(of segments: [BreathingSegment], upper: Double,
                              configuration: BreathingConfiguration) -> (frequency: Double, concentration: Double)? {
        let lower = configuration.minimumFrequencyHz
        let margin = configuration.peakHalfWidthHz
        guard let spectrum = BreathingSpectrum(segments: segments, lower: lower - margin, upper: upper + margin,
                                               step: configuration.frequencyStepHz,
                                               highPassHz: configuration.detrendCutoffHz),
              let peak = spectrum.peak(lower: lower - configuration.lowerEdgeToleranceHz, upper: upper,
                                       halfWidth: margin),
              peak.frequency * spectrum.analysedSeconds >= configuration.minimumCycles
        else { return nil }
        return peak
    }

    /// The highest local maximum whose frequency lies in `[lower, upper]`, refined by a parabola through the
    /// three grid points around it, and its concentration: power within `halfWidth` of the peak over the power in
    /// `[lower, upper]` together with that peak band. Nil when the band holds no local maximum or no power.
    func peak(lower: Double, upper: Double, halfWidth: Double) -> (frequency: Double, concentration: Double)? {
        guard let index = highestLocalMaximum(lower: lower, upper: upper) else { return nil }
        let frequency = frequencies[index] + step * parabolicOffset(at: index)
        var peakPower = 0.0
        var bandPower = 0.0
        for i in frequencies.indices {
            let inPeak = abs(frequencies[i] - frequency) <= halfWidth
            if inPeak { peakPower += power[i] }
            if inPeak || (frequencies[i] >= lower && frequencies[i] <= upper) { bandPower += power[i] }
        }
        guard bandPower > 0 else { return nil }
        return (frequency, peakPower / bandPower)
    }

    private func highestLocalMaximum(lower: Double, upper: Double) -> Int? {
        var best: Int?
        for i in 1..<(frequencies.count - 1) where frequencies[i] >= lower && frequencies[i] <= upper {
            guard power[i] >= power[i - 1], power[i] > power[i + 1] else { continue }
            if best.map({ power[i] > power[$0] }) ?? true { best = i }
        }
        return best
    }

    /// Offset of the parabola's apex from grid point `index`, in grid steps (−0.5…0.5).
    private func parabolicOffset(at index: Int) -> Double {
        let below = power[index - 1], centre = power[index], above = power[index + 1]
        let curvature = below - 2 * centre + above
        guard curvature < 0 else { return 0 }
        return min(max(0.5 * (below - above) / curvature, -0.5), 0.5)
    }

    /// |DFT|² of the detrended, Hann-windowed segment at each frequency, divided by Σw² (a variance density).
    private static func periodogram(of segment: BreathingSegment, at frequencies: [Double],
                                    highPassHz: Double) -> [Double] {
        var detrended = linearlyDetrended(segment.values)
        if highPassHz > 0 {
            detrended = BreathingButterworth(.highPass, cutoffHz: highPassHz, rateHz: segment.rate)
                .zeroPhase(detrended)
        }
        let tapered = hannWindowed(detrended)
        let windowEnergy = hannEnergy(count: segment.values.count)
        return GoertzelPower.powers(tapered, cosines: frequencies.map { cos(2 * Double.pi * $0 / segment.rate) })
            .map { $0 / windowEnergy }
    }

    /// The values minus their least-squares straight line.
    static func linearlyDetrended(_ values: [Double]) -> [Double] {
        let n = Double(values.count)
        guard values.count > 1 else { return values.map { _ in 0 } }
        let meanIndex = (n - 1) / 2
        let mean = values.reduce(0, +) / n
        var covariance = 0.0
        var spread = 0.0
        for (i, value) in values.enumerated() {
            let offset = Double(i) - meanIndex
            covariance += offset * (value - mean)
            spread += offset * offset
        }
        let slope = covariance / spread
        return values.enumerated().map { i, value in value - mean - slope * (Double(i) - meanIndex) }
    }

    private static func hannWindowed(_ values: [Double]) -> [Double] {
        let last = Double(max(values.count - 1, 1))
        return values.enumerated().map { i, value in value * (0.5 - 0.5 * cos(2 * Double.pi * Double(i) / last)) }
    }

    private static func hannEnergy(count: Int) -> Double {
        let last = Double(max(count - 1, 1))
        var energy = 0.0
        for i in 0..<count {
            let weight = 0.5 - 0.5 * cos(2 * Double.pi * Double(i) / last)
            energy += weight * weight
        }
        return max(energy, .leastNormalMagnitude)
    }
}
