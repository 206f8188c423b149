/// The live quality of the last seconds of one channel: the score and whether the window shows a pulse.
struct LiveQuality: Sendable, Equatable {
    /// The quality score 0…1.
    var score: Double
    /// A pulse wave is plainly there: a concentrated spectrum whose peak agrees with the beat rate, consistent beat
    /// shapes and a first harmonic. Evidence of a finger on the lens whatever the camera's colour balance.
    var showsPulse: Bool
    /// The pulse shows plainly and cleanly: `showsPulse` with beats that match their template at
    /// `LiveQualityMeter.cleanPulseCorrelation` or better. Evidence that a pulse too small for the amplitude floor
    /// is readable.
    var showsCleanPulse: Bool
    /// The pulse stands out of frame noise, however faint: a full window whose spectrum holds at least
    /// `LiveQualityMeter.faintPulseConcentration` of its power at its peak and the peak's harmonics (the meter's
    /// concentration), with the beats running at the peak, a first harmonic and no mains flicker. Judged over
    /// `SustainedPulse.windowSeconds` (on the comb of `LiveQualityMeter.faintPulse()`), it lets a pulse too faint
    /// for the frame-noise floor start a reading (`LiveTick.faintPulseStandsOut`).
    var standsOutOfNoise: Bool
    /// The window's spectral peak, Hz.
    var peakHz: Double
}
