/// The live quality score of the last `windowSeconds` of a `RecentPulse`: the score of
/// `QualityWindowMeter` with two live cross-checks. The spectral concentration counts only when the spectral peak
/// agrees with the beat rate (an independent cue: noise and motion put the peak elsewhere), and the score is
/// reduced when the unfiltered level moves fast (`BaselineSlew`: motion, light leak, sudden pressure).
struct LiveQualityMeter: Sendable {
    /// Length of the quality window, seconds (3–5 s windows).
    static let windowSeconds = 5.0
    /// Largest relative difference between the spectral peak and the beat rate for the concentration to count.
    static let rateAgreement = 0.15
    /// Relative baseline slew per second up to which the score is not reduced: breathing, wander and a pressure
    /// drift of 10 % over 15 s stay below it.
    static let steadySlew = 0.025
    /// Further slew over which the reduction reaches zero: motion bursts of 10 counts and more exceed it.
    static let slewPenaltySpan = 0.025

    private let meter: QualityWindowMeter
    /// FFT plans kept from tick to tick.
    private var plans = FourierPlans()

    /// Creates the meter.
    init() {
        var meter = QualityWindowMeter()
        meter.windowSeconds = Self.windowSeconds
        meter.bandHalfWidth = 2 / Self.windowSeconds  // the Hann main lobe of the window
        self.meter = meter
    }

    /// Saturation of one frame (the source's clipped-pixel share, else whether red is clipped).
    func saturation(of frame: FrameSample) -> Double { meter.saturation(of: frame) }

    /// The score of the window ending at the newest frame of `recent`; nil when it is too short for a spectrum.
    mutating func score(_ recent: RecentPulse, channel: PulseChannel) -> Double? {
        let end = recent.newestTime + 1e-6
        let start = end - Self.windowSeconds
        var workspace = meter.makeWorkspace(sampleRate: recent.extraction.pulse.sampleRate, plans: &plans)
        let window = meter.measure(start: start, end: end, frames: recent.frames[...],
                                   pulses: [recent.extraction.pulse], beats: recent.extraction.beats,
                                   workspace: &workspace)
        guard let spectral = window.spectral else { return nil }
        let beats = recent.extraction.beats.filter { $0.time >= start }
        let agrees = Self.beatRateAgrees(with: spectral.peakHz, beats: beats)
        let score = QualityScore.score(concentration: agrees ? spectral.concentration : 0,
                                       templateCorrelation: window.templateCorrelation,
                                       saturationFraction: window.saturationFraction,
                                       contactFraction: window.contactFraction)
        let slew = BaselineSlew.relativeSlew(frames: recent.frames, channel: channel, window: start...end)
        return score * min(max(1 - (slew - Self.steadySlew) / Self.slewPenaltySpan, 0), 1)
    }

    /// Whether the median interval of `beats` (two intervals at least) matches the spectral peak `peakHz`.
    static func beatRateAgrees(with peakHz: Double, beats: [DetectedBeat]) -> Bool {
        guard beats.count >= 3 else { return false }
        let intervals = (1..<beats.count).map { beats[$0].time - beats[$0 - 1].time }
        guard let median = Statistics.median(intervals), median > 0 else { return false }
        let beatHz = 1 / median
        return abs(peakHz - beatHz) <= rateAgreement * beatHz
    }
}
