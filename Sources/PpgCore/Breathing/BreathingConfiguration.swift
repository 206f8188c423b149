/// Parameters of the breathing estimator. The defaults are the design's starting points.
public struct BreathingConfiguration: Sendable, Equatable {
    /// Use the accelerometer as a breathing channel (the SDK's `motionBreathing`).
    public var motionBreathing: Bool = true
    /// Lowest breathing frequency searched, Hz (6 brpm).
    public var minimumFrequencyHz: Double = 0.1
    /// Highest breathing frequency the accelerometer's spectrum is searched to, Hz (30 brpm).
    public var maximumFrequencyHz: Double = 0.5
    /// Upper edge of the band in which the camera channel counts breath cycles, Hz (24 brpm, as commonly used for
    /// rates derived from the pulse); it also stays below half the heart rate, the beat series' Nyquist frequency.
    public var cycleUpperFrequencyHz: Double = 0.4
    /// How far below `minimumFrequencyHz` a spectral peak may sit and still count (a rate right at the band edge
    /// lands on either side of it), Hz.
    public var lowerEdgeToleranceHz: Double = 0.005
    /// Rate at which the per-beat series are resampled before the spectrum, Hz.
    public var resampleRateHz: Double = 4
    /// Cut-off of the zero-phase high-pass applied after the linear detrend, removing slow drift (pressure,
    /// perfusion, posture) that would otherwise leak into the bottom of the band, Hz; 0 turns it off.
    public var detrendCutoffHz: Double = 0.05
    /// Half-width of the band around the peak whose power counts as the peak's, Hz.
    public var peakHalfWidthHz: Double = 0.02
    /// Spacing of the frequency grid on which spectra are evaluated, Hz (refined further by interpolation).
    public var frequencyStepHz: Double = 0.002
    /// Full breathing cycles the analysed data must span for a peak to count.
    public var minimumCycles: Double = 4
    /// Shortest stretch of gap-free data that is analysed, seconds.
    public var minimumSegmentSeconds: Double = 15
    /// Longest stretch without a usable beat that the resampling bridges, seconds; longer ones split the series.
    public var maximumBridgeSeconds: Double = 3
    /// Largest standard deviation of a group of modulation estimates fused together, brpm (Karlen 2013: 4).
    public var agreementSdBrpm: Double = 4
    /// Difference between the two most regular modulations at which their agreement reaches 0, brpm (agreement
    /// 0.5 at half of it).
    public var agreementScaleBrpm: Double = 2
    /// Cycle variation (coefficient of variation of breath-cycle lengths) at which regularity reaches 0 (0.5 at
    /// half of it).
    public var maximumCycleVariation: Double = 0.4
    /// Agreement given to a single estimate, which nothing can confirm (below `mediumConfidence`).
    public var singleEstimateAgreement: Double = 0.25
    /// Camera confidence from which the tier is `medium`: the two most regular modulations agree within 0.6 brpm
    /// (30 % of `agreementScaleBrpm`), both vary by at most 30 % of `maximumCycleVariation`, and 70 % of the
    /// expected beats are valid. Judged per subject on development recordings with a capnography reference: chosen
    /// leaving each subject out, the threshold that keeps every other subject's `medium` error at most half the
    /// constant guess's lies at 0.67–0.77, and at 0.7 every subject's is at most 0.35 of it (at 0.5 one subject's was
    /// 0.53). Below it the rate is shown as unreliable.
    public var mediumConfidence: Double = 0.7
    /// Motion concentration from which the accelerometer is trusted.
    public var motionMinimumConcentration: Double = 0.5
    /// Largest difference between motion and camera at which the accelerometer is trusted, brpm.
    public var motionAgreementBrpm: Double = 3
    /// Cut-off of the low-pass applied to the accelerometer axes, Hz.
    public var motionLowPassHz: Double = 1
    /// Longest run without accelerometer samples that is bridged, seconds; longer ones split the series.
    public var motionMaximumGapSeconds: Double = 1

    /// Creates the default configuration.
    public init() {}

    /// Creates the default configuration with the accelerometer channel switched on or off.
    public init(motionBreathing: Bool) {
        self.motionBreathing = motionBreathing
    }
}
