/// Breath cycles counted in the time domain: each segment of a respiratory modulation is detrended, band-passed
/// to the breathing band (zero-phase second-order Butterworth high- and low-pass) and every local maximum of the
/// result starts a cycle. The rate is the number of cycles over their summed length: the mean rate over the window,
/// which follows a rate that drifts within the window where a spectral peak smears, and cannot lock onto slow
/// vasomotion below the band or onto the pulse's own harmonics above it.
struct BreathingCycles: Sendable, Equatable {
    /// Length of every whole cycle (maximum to next maximum within one segment), seconds.
    let lengths: [Double]

    /// The cycles of `segments` in the band `[lowerHz, upperHz]`; nil with fewer than `minimumCycles` cycles.
    init?(segments: [BreathingSegment], lowerHz: Double, upperHz: Double, minimumCycles: Double) {
        var lengths: [Double] = []
        for segment in segments where upperHz < segment.rate / 2 {
            let detrended = BreathingSpectrum.linearlyDetrended(segment.values)
            let highPassed = BreathingButterworth(.highPass, cutoffHz: lowerHz, rateHz: segment.rate)
                .zeroPhase(detrended)
            let band = BreathingButterworth(.lowPass, cutoffHz: upperHz, rateHz: segment.rate).zeroPhase(highPassed)
            let maxima = BreathingCycles.localMaxima(band)
            for (first, next) in zip(maxima, maxima.dropFirst()) {
                lengths.append(Double(next - first) / segment.rate)
            }
        }
        guard Double(lengths.count) >= minimumCycles else { return nil }
        self.lengths = lengths
    }

    /// Breaths per minute: 60 · cycles / their summed length.
    var brpm: Double { 60 * Double(lengths.count) / lengths.reduce(0, +) }

    /// Coefficient of variation of the cycle lengths (population standard deviation over the mean): how regular
    /// the breathing this modulation shows is; noise counted as breaths makes it large.
    var variation: Double {
        let mean = lengths.reduce(0, +) / Double(lengths.count)
        let variance = lengths.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(lengths.count)
        return variance.squareRoot() / mean
    }

    /// Indices `i` with `x[i−1] ≤ x[i] > x[i+1]` (a flat top counts once, at its last sample).
    static func localMaxima(_ values: [Double]) -> [Int] {
        guard values.count >= 3 else { return [] }
        return (1..<(values.count - 1)).filter { values[$0] >= values[$0 - 1] && values[$0] > values[$0 + 1] }
    }
}
