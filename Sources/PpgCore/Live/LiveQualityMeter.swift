/// The live quality of the last `windowSeconds` of a `RecentPulse`: the score of
/// `QualityWindowMeter` with live cross-checks. The spectral concentration counts only when the spectral peak agrees
/// with the beat rate (an independent cue: noise and motion put the peak elsewhere). The contact factor is the
/// share of frames passing the loose colour guard, and zero when the spectrum lacks the first harmonic every pulse
/// wave has (a sinusoidal flicker has none) or when its peak or the beat rate sits where mains flicker folds to at
/// this frame rate (`MainsFlicker`), so a lamp never scores, whatever its colour. The score is
/// reduced when the unfiltered level jumps (`BaselineSlew`: motion, light leak), but only beyond what a wandering
/// baseline does: the band-pass removes wander, so it is not punished.
struct LiveQualityMeter: Sendable {
    /// Length of the quality window, seconds (3–5 s windows).
    static let windowSeconds = 5.0
    /// Largest relative difference between the spectral peak and the beat rate for the concentration to count.
    static let rateAgreement = 0.15
    /// Relative baseline slew per second up to which the score is not reduced: breathing, wander, pressure drift
    /// and the 1 s level steps of a wandering baseline (15 counts at a level of 250 is 6 %) stay below it. A level
    /// moving by less than `LevelStep.pulseMultiple` times the pulse's own steady amplitude is tolerated too (a
    /// channel whose pulse is a third of its level swings its one-second means by more than 6 %).
    static let steadySlew = 0.06
    /// Further slew over which the reduction reaches zero: a motion burst moves the level by 10 % and more, a finger
    /// sliding or lifting by tens of percent.
    static let slewPenaltySpan = 0.06
    /// Smallest `P[2f₀] / P[f₀]` of a pulse wave (every real window measured has ≥ 0.04; a sinusoid next to none).
    static let minimumHarmonicRatio = 0.015
    /// Concentration and template correlation from which a full window plainly shows a pulse.
    static let pulseConcentration = 0.6, pulseCorrelation = 0.8
    /// Template correlation from which a window that shows a pulse shows it cleanly: pulse-free camera noise that
    /// passes `showsPulse` stayed below 0.88 in 3,200 ticks (80 synthetic 40 s scenes of a steady finger-coloured
    /// light), while a clean fingertip pulse of a fraction of a count reads 0.94–0.99.
    static let cleanPulseCorrelation = 0.9
    /// Largest share of the window's median beat amplitude at which a detection that splits a period is taken for a
    /// dicrotic wave, not a beat (those taken for beats on a real recording measured 12–20 % of the beats around them).
    static let minorBeatShare = 1.0 / 3
    /// Spectral concentration from which a full window's pulse stands out of frame noise
    /// (`LiveQuality.standsOutOfNoise`), measured over 15 s windows as the share of the power over
    /// `faintPulseBand` that lies in bands 0.13 Hz wide around the peak and its next two multiples
    /// (`faintPulseHarmonics`). The pulse-free saturated captures of both seed halves stayed at 0.45 and below and
    /// the camera-noise scenes of 40 s at 0.45 (three ticks running; over 90–120 s two of 200 reached 0.48–0.54,
    /// whose peak did not hold its rate: `FaintPeakHold`), while saturated captures with a pulse of a count
    /// reached it often enough (with their beats at the peak) to fill the start gate within 30 s on 20 of the 30
    /// tuning seeds and 22 of the 30 held-out ones.
    static let faintPulseConcentration = 0.48
    /// Band of the faint-pulse concentration, Hz: up to the band-pass edge, so the first harmonic of a pulse of
    /// 2–2.5 Hz (120–150 bpm), which carries much of its power, counts instead of lying past the heart band.
    static let faintPulseBand: ClosedRange<Double> = SpectralQuality.heartBand.lowerBound...5
    /// Multiples of the peak counted by the faint-pulse concentration: a pulse wave's power sits on a comb of them
    /// (the dicrotic wave feeds the second and third), camera noise spreads over the whole band.
    static let faintPulseHarmonics = 3
    /// Beats a window needs to show a pulse (4 beats in 5 s: 48 bpm and faster).
    static let pulseMinimumBeats = 4

    private let meter: QualityWindowMeter
    /// FFT plans kept from tick to tick.
    private var plans = FourierPlans()

    /// Creates the meter over windows of `windowSeconds` (`LiveQualityMeter.windowSeconds` unless a longer look
    /// is wanted), its concentration the share of `concentrationBand`'s power at the peak's first `harmonics`
    /// multiples (`QualityWindowMeter`).
    init(windowSeconds: Double = Self.windowSeconds,
         concentrationBand: ClosedRange<Double> = SpectralQuality.heartBand, harmonics: Int = 2) {
        var meter = QualityWindowMeter()
        meter.windowSeconds = windowSeconds
        meter.bandHalfWidth = 2 / windowSeconds  // the Hann main lobe of the window
        meter.concentrationBand = concentrationBand
        meter.harmonics = harmonics
        self.meter = meter
    }

    /// The meter of the faint-pulse look: `SustainedPulse.windowSeconds` windows whose concentration counts the
    /// comb of `faintPulseHarmonics` multiples over `faintPulseBand` (`LiveTick.faintPulseStandsOut`).
    static func faintPulse() -> LiveQualityMeter {
        LiveQualityMeter(windowSeconds: SustainedPulse.windowSeconds, concentrationBand: faintPulseBand,
                         harmonics: faintPulseHarmonics)
    }

    /// Saturation of one frame (the source's clipped-pixel share, else whether red is clipped).
    func saturation(of frame: FrameSample) -> Double { meter.saturation(of: frame) }

    /// The quality of the window ending at the newest frame of `recent` read on `channel`, given the share of its
    /// frames passing the colour guard; `steadyAmplitude` is the pulse amplitude (counts) last seen with a clear
    /// pulse on this channel (0 when none). Nil when the window is too short for a spectrum.
    mutating func evaluate(_ recent: RecentPulse, channel: PulseChannel, plausibleShare: Double,
                           steadyAmplitude: Double) -> LiveQuality? {
        let end = recent.newestTime + 1e-6
        let start = end - meter.windowSeconds
        var workspace = meter.makeWorkspace(sampleRate: recent.extraction.pulse.sampleRate, plans: &plans)
        let window = meter.measure(start: start, end: end,
                                   levels: QualityFrameLevels(frames: recent.frames[...], meter: meter),
                                   pulses: [recent.extraction.pulse], beats: recent.extraction.beats,
                                   workspace: &workspace)
        guard let spectral = window.spectral else { return nil }
        let beats = recent.extraction.beats.filter { $0.time >= start }
        let agrees = Self.beatRateAgrees(with: spectral.peakHz, beats: beats)
        let harmonicMeasurable = 2 * spectral.peakHz - meter.bandHalfWidth <= meter.concentrationBand.upperBound
        let hasHarmonic = !harmonicMeasurable || spectral.harmonicRatio >= Self.minimumHarmonicRatio
        let rates = MainsFlicker.halfRates(recent.frames)
        let flicker = [spectral.peakHz, Self.beatRateHz(beats)].contains {
            $0.map { MainsFlicker.mayBeFlicker(peakHz: $0, sampleRates: rates) } ?? false
        }
        let pulseLike = hasHarmonic && !flicker
        let score = QualityScore.score(concentration: agrees ? spectral.concentration : 0,
                                       templateCorrelation: window.templateCorrelation,
                                       saturationFraction: saturationFraction(recent.frames, channel: channel,
                                                                              from: start),
                                       contactFraction: pulseLike ? plausibleShare : 0)
        let slew = BaselineSlew.relativeSlew(frames: recent.frames, channel: channel, window: start...end)
        let level = recent.frames.reduce(0) { $0 + channel.value(in: $1) } / Double(recent.frames.count)
        let tolerated = max(Self.steadySlew, level > 1 ? LevelStep.pulseMultiple * steadyAmplitude / level : 0)
        let fullWindow = recent.frames[0].timestamp <= start + 0.5
        let showsPulse = fullWindow && agrees && pulseLike && beats.count >= Self.pulseMinimumBeats
            && spectral.concentration >= Self.pulseConcentration && window.templateCorrelation >= Self.pulseCorrelation
        return LiveQuality(score: score * min(max(1 - (slew - tolerated) / Self.slewPenaltySpan, 0), 1),
                           showsPulse: showsPulse,
                           showsCleanPulse: showsPulse && window.templateCorrelation >= Self.cleanPulseCorrelation,
                           standsOutOfNoise: fullWindow && agrees && pulseLike
                               && spectral.concentration >= Self.faintPulseConcentration,
                           peakHz: spectral.peakHz)
    }

    /// Share of `frames` from `start` on whose `channel` is clipped (red: the source's clipped-pixel share when
    /// given).
    func saturationFraction(_ frames: [FrameSample], channel: PulseChannel, from start: Double) -> Double {
        var clipped = 0.0, count = 0
        for frame in frames where frame.timestamp >= start {
            count += 1
            clipped += channel == .red ? saturation(of: frame) : (channel.value(in: frame) >= meter.clipLevel ? 1 : 0)
        }
        return count > 0 ? clipped / Double(count) : 0
    }

    /// Whether the beats run at the spectral peak `peakHz`: the median of their intervals, once every minor detection
    /// that split a period in two is left out (`withoutMinorSplits`), lies within `rateAgreement` of it.
    static func beatRateAgrees(with peakHz: Double, beats: [DetectedBeat]) -> Bool {
        guard peakHz > 0, beats.count >= 3 else { return false }
        let kept = withoutMinorSplits(beats, period: 1 / peakHz)
        guard let median = medianIntervalSeconds(kept) else { return false }
        return abs(peakHz - 1 / median) <= rateAgreement / median
    }

    /// `beats` without each one that is smaller than `minorBeatShare` of the window's median beat amplitude and
    /// splits a period: the intervals before and after it are both shorter than `period` by more than
    /// `rateAgreement` and together last `period` within `rateAgreement`. A dicrotic wave taken for a beat is such
    /// a detection (at 60 bpm it follows the beat by 0.3 s at a fifth of its height); two of them in a 5 s window
    /// move the median interval to a rate the heart does not have.
    static func withoutMinorSplits(_ beats: [DetectedBeat], period: Double) -> [DetectedBeat] {
        guard beats.count >= 3, let median = Statistics.median(beats.map(\.amplitude)) else { return beats }
        let short = (1 - rateAgreement) * period
        var kept = [beats[0]]
        for index in 1..<beats.count {
            let before = beats[index].time - kept[kept.count - 1].time
            if index + 1 < beats.count, beats[index].amplitude < minorBeatShare * median, before < short {
                let after = beats[index + 1].time - beats[index].time
                if after < short, abs(before + after - period) <= rateAgreement * period { continue }
            }
            kept.append(beats[index])
        }
        return kept
    }

    /// The rate of `beats` from their median interval (two intervals at least), Hz.
    static func beatRateHz(_ beats: [DetectedBeat]) -> Double? {
        guard beats.count >= 3, let median = medianIntervalSeconds(beats) else { return nil }
        return 1 / median
    }

    /// The median of the intervals between successive `beats`, seconds; nil without an interval or when it is not
    /// positive.
    static func medianIntervalSeconds(_ beats: [DetectedBeat]) -> Double? {
        guard beats.count >= 2 else { return nil }
        let intervals = (1..<beats.count).map { beats[$0].time - beats[$0 - 1].time }
        guard let median = Statistics.median(intervals), median > 0 else { return nil }
        return median
    }
}
