import PpgCore

extension LiveTick {
    /// A tick for the state machine's tests: what a test does not set is healthy (a full frame rate, no clipping,
    /// a red level inside the exposure band).
    init(time: Double, contact: Bool, qualityScore: Double?, amplitude: Double, measuredFps: Double = 60,
         heartRateBpm: Double? = nil, rmssdMs: Double? = nil, breathingRateBrpm: Double? = nil,
         liveEstimate: LiveEstimate = .none, redDc: Double = 150, sustainedPulse: Bool = false,
         disturbed: Bool = false, showsCleanPulse: Bool = false, frameNoise: Double = 0,
         faintPulseConfirmed: Bool = false, faintPulseStandsOut: Bool = false, faintPeakHeld: Bool = false,
         longWindowPeakBpm: Double? = nil, faintPulseEvidenceSeconds: Double = 0) {
        self.init(time: time, contact: contact, qualityScore: qualityScore, amplitude: amplitude,
                  measuredFps: measuredFps, saturationFraction: 0, redDc: redDc, heartRateBpm: heartRateBpm,
                  rmssdMs: rmssdMs, breathingRateBrpm: breathingRateBrpm, estimate: liveEstimate,
                  sustainedPulse: sustainedPulse, disturbed: disturbed, showsCleanPulse: showsCleanPulse,
                  frameNoise: frameNoise, faintPulseConfirmed: faintPulseConfirmed,
                  faintPulseStandsOut: faintPulseStandsOut, faintPeakHeld: faintPeakHeld,
                  longWindowPeakBpm: longWindowPeakBpm,
                  faintPulseEvidenceSeconds: faintPulseEvidenceSeconds)
    }
}
