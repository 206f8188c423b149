/// A gap-free, uniformly sampled stretch of one series (a respiratory modulation or a motion axis).
struct BreathingSegment: Sendable, Equatable {
    /// Time of the first sample, seconds.
    var start: Double
    /// Sampling rate, Hz.
    var rate: Double
    /// The samples.
    var values: [Double]

    /// Length covered by the samples, seconds (count / rate).
    var seconds: Double { Double(values.count) / rate }

    /// Builds the segments of a point series sampled at irregular times: the points are split wherever two are
    /// more than `maximumBridgeSeconds` apart, and each stretch of at least `minimumSeconds` is resampled at `rate`
    /// with a natural cubic spline.
    static func resampling(_ points: [BreathingPoint], rate: Double, minimumSeconds: Double,
                           maximumBridgeSeconds: Double) -> [BreathingSegment] {
        var segments: [BreathingSegment] = []
        var first = 0
        for index in points.indices {
            let isLast = index == points.count - 1
            let breaksAfter = isLast || points[index + 1].time - points[index].time > maximumBridgeSeconds
            guard breaksAfter else { continue }
            let stretch = points[first...index]
            if let segment = resampledStretch(stretch, rate: rate, minimumSeconds: minimumSeconds) {
                segments.append(segment)
            }
            first = index + 1
        }
        return segments
    }

    private static func resampledStretch(_ stretch: ArraySlice<BreathingPoint>, rate: Double,
                                         minimumSeconds: Double) -> BreathingSegment? {
        guard stretch.count >= 4, let first = stretch.first, let last = stretch.last,
              last.time - first.time >= minimumSeconds else { return nil }
        let spline = CubicSpline(knots: stretch.map(\.time), values: stretch.map(\.value))
        let count = Int(((last.time - first.time) * rate).rounded(.down)) + 1
        return BreathingSegment(start: first.time, rate: rate,
                                values: spline.sampled(from: first.time, step: 1 / rate, count: count))
    }
}

/// One sample of a series taken at an irregular time (a beat).
struct BreathingPoint: Sendable, Equatable {
    /// Time, seconds.
    var time: Double
    /// Value (interval, amplitude or intensity).
    var value: Double
}
