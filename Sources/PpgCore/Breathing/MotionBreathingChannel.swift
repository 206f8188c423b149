/// The accelerometer breathing channel: the three axes are averaged into 0.1 s bins, low-passed at ~1 Hz,
/// decimated to 5 Hz and detrended; their first principal component (breathing tilts a hand-held phone, which
/// moves gravity between axes while the magnitude barely changes) is searched for a peak in the breathing band.
struct MotionBreathingChannel: Sendable {
    let configuration: BreathingConfiguration
    /// Rate of the bins the raw samples are averaged into, Hz.
    private let binRate = 10.0
    /// Decimation from the bins to the analysed series (10 Hz → 5 Hz).
    private let decimation = 2

    /// The estimate from `samples` (already limited to the window); nil when too little data or no peak.
    func estimate(samples: [MotionSample], windowStart: Double) -> MotionBreathingEstimate? {
        let axes = axisSegments(samples, windowStart: windowStart)
        guard let direction = MotionBreathingChannel.principalDirection(of: axes) else { return nil }
        let projected = axes.map { segment in
            BreathingSegment(start: segment.x.start, rate: segment.x.rate,
                             values: segment.x.values.indices.map { i in
                                 direction.x * segment.x.values[i] + direction.y * segment.y.values[i]
                                     + direction.z * segment.z.values[i]
                             })
        }
        guard let peak = BreathingSpectrum.breathingPeak(
                of: projected, upper: configuration.maximumFrequencyHz, configuration: configuration)
        else { return nil }
        return MotionBreathingEstimate(brpm: 60 * peak.frequency, concentration: peak.concentration)
    }

    /// Detrended, low-passed, decimated x/y/z segments of the gap-free stretches long enough to analyse.
    private func axisSegments(_ samples: [MotionSample], windowStart: Double) -> [MotionAxes] {
        MotionBins(samples, start: windowStart, rate: binRate).runs(
            maximumGapBins: Int((configuration.motionMaximumGapSeconds * binRate).rounded()))
        .compactMap { run in
            let minimumBins = configuration.minimumSegmentSeconds * binRate
            guard Double(run.x.count) >= minimumBins else { return nil }
            let filter = BreathingButterworth(.lowPass, cutoffHz: configuration.motionLowPassHz, rateHz: binRate)
            func axis(_ values: [Double]) -> BreathingSegment {
                let filtered = filter.zeroPhase(values)
                let kept = stride(from: 0, to: filtered.count, by: decimation).map { filtered[$0] }
                return BreathingSegment(start: run.start, rate: binRate / Double(decimation),
                                        values: BreathingSpectrum.linearlyDetrended(kept))
            }
            return MotionAxes(x: axis(run.x), y: axis(run.y), z: axis(run.z))
        }
    }

    /// Unit eigenvector of the largest eigenvalue of the axes' pooled covariance (power iteration started from
    /// the covariance column of largest norm, so deterministic); nil without variance.
    static func principalDirection(of axes: [MotionAxes]) -> (x: Double, y: Double, z: Double)? {
        var covariance = [[Double]](repeating: [0, 0, 0], count: 3)
        for segment in axes {
            let columns = [segment.x.values, segment.y.values, segment.z.values]
            for row in 0..<3 {
                for column in 0..<3 {
                    for i in columns[row].indices { covariance[row][column] += columns[row][i] * columns[column][i] }
                }
            }
        }
        let norms = (0..<3).map { column in (0..<3).reduce(0) { $0 + covariance[$1][column] * covariance[$1][column] } }
        guard let start = norms.indices.max(by: { norms[$0] < norms[$1] }), norms[start] > 0 else { return nil }
        var vector = (0..<3).map { covariance[$0][start] }
        for _ in 0..<100 {
            let next = (0..<3).map { row in (0..<3).reduce(0) { $0 + covariance[row][$1] * vector[$1] } }
            let length = next.reduce(0) { $0 + $1 * $1 }.squareRoot()
            guard length > 0 else { return nil }
            vector = next.map { $0 / length }
        }
        return (vector[0], vector[1], vector[2])
    }
}

/// The three accelerometer axes over one gap-free stretch, sampled together.
struct MotionAxes: Sendable {
    /// x axis.
    var x: BreathingSegment
    /// y axis.
    var y: BreathingSegment
    /// z axis.
    var z: BreathingSegment
}
