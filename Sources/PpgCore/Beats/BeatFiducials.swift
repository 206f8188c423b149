/// Fiducial points of one beat on a uniformly sampled blood-volume waveform, in fractional sample indices.
public struct BeatFiducials: Sendable, Equatable {
    /// Onset minimum index (integer sample of the foot).
    public var onset: Int
    /// 50 % upstroke crossing, fractional index.
    public var upstroke: Double
    /// Parabolic peak position, fractional index.
    public var peak: Double
    /// Peak value minus onset value.
    public var amplitude: Double

    /// Creates fiducials.
    public init(onset: Int, upstroke: Double, peak: Double, amplitude: Double) {
        self.onset = onset
        self.upstroke = upstroke
        self.peak = peak
        self.amplitude = amplitude
    }

    /// Locates the fiducials of the peak at `peakIndex` in `signal`. The onset is the minimum in
    /// `searchStart..<peakIndex` (the caller bounds it by the previous peak and a maximum rise time); nil when the
    /// peak has no neighbours, the onset lies on the search edge at the signal start (an incomplete beat) or the
    /// upstroke is flat.
    public static func locate(in signal: [Double], peakIndex: Int, searchStart: Int) -> BeatFiducials? {
        guard peakIndex >= 1, peakIndex + 1 < signal.count, searchStart < peakIndex else { return nil }
        var onset = searchStart
        for index in searchStart..<peakIndex where signal[index] < signal[onset] { onset = index }
        guard onset > 0 else { return nil }
        let (peakOffset, peakValue) = parabolicVertex(signal[peakIndex - 1], signal[peakIndex], signal[peakIndex + 1])
        let amplitude = peakValue - signal[onset]
        guard amplitude > 0 else { return nil }
        let level = signal[onset] + 0.5 * amplitude
        // The last crossing of the half level before the peak: walk down from the peak.
        var lower = peakIndex - 1
        while lower > onset && signal[lower] >= level { lower -= 1 }
        let rise = signal[lower + 1] - signal[lower]
        guard rise > 0 else { return nil }
        let upstroke = Double(lower) + min(max((level - signal[lower]) / rise, 0), 1)
        return BeatFiducials(onset: onset, upstroke: upstroke, peak: Double(peakIndex) + peakOffset,
                             amplitude: amplitude)
    }

    /// Vertex of the parabola through (−1, left), (0, centre), (1, right): offset `δ = ½(l − r)/(l − 2c + r)` (within
    /// ±0.5) and apex `c − ¼(l − r)δ`.
    public static func parabolicVertex(_ left: Double, _ centre: Double, _ right: Double) -> (Double, Double) {
        let curvature = left - 2 * centre + right
        guard curvature < 0 else { return (0, centre) }
        let offset = min(max(0.5 * (left - right) / curvature, -0.5), 0.5)
        return (offset, centre - 0.25 * (left - right) * offset)
    }
}
