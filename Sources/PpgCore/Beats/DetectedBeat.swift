/// One heartbeat found in the pulse waveform, with its fiducial times (seconds, on the frames' clock) and the
/// per-beat features the quality and breathing steps use.
public struct DetectedBeat: Sendable, Equatable {
    /// Beat time: the 50 % crossing of the upstroke between the onset minimum and the systolic peak, linearly
    /// interpolated between samples of the upsampled signal.
    public var time: Double
    /// Systolic peak time, refined by a parabola through the upsampled peak and its neighbours.
    public var peakTime: Double
    /// Systolic peak time snapped to the largest original-grid sample next to the peak (no interpolation), for
    /// `est_rmssd_fixed`.
    public var framePeakTime: Double
    /// Time of the onset minimum (foot) preceding the upstroke.
    public var onsetTime: Double
    /// Peak minus onset of the band-passed, blood-volume-polarity signal, in 8-bit counts.
    public var amplitude: Double
    /// Mean of the unfiltered channel (intensity polarity) from this onset to the next (RIIV).
    public var meanIntensity: Double
    /// Pearson correlation of this beat's waveform with the segment's mean beat; 0 until computed.
    public var templateCorrelation: Double
    /// Index of the gap-free segment the beat lies in; intervals never join beats of different segments.
    public var segment: Int

    /// Slope of the band-passed upstroke at the 50 % crossing, counts per second (0 when unknown).
    public var upstrokeSlope: Double
    /// Steepest point of the upstroke (`BeatFiducials.steepestPoint`), with `time` one of the two fiducials whose
    /// mix RMSSD's intervals are measured at (`FiducialBlend`); `time` when unknown.
    public var steepestTime: Double
    /// Curvature of the fine-grid slope at the steepest point (`BeatFiducials.steepestCurvature`), for the timing
    /// noise model; 0 when unknown.
    public var steepestCurvature: Double

    /// Creates a beat record.
    public init(time: Double, peakTime: Double, framePeakTime: Double, onsetTime: Double, amplitude: Double,
                meanIntensity: Double, templateCorrelation: Double, segment: Int, upstrokeSlope: Double = 0,
                steepestTime: Double? = nil, steepestCurvature: Double = 0) {
        self.upstrokeSlope = upstrokeSlope
        self.steepestTime = steepestTime ?? time
        self.steepestCurvature = steepestCurvature
        self.time = time
        self.peakTime = peakTime
        self.framePeakTime = framePeakTime
        self.onsetTime = onsetTime
        self.amplitude = amplitude
        self.meanIntensity = meanIntensity
        self.templateCorrelation = templateCorrelation
        self.segment = segment
    }
}
