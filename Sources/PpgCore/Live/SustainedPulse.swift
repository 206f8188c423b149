/// Whether the last seconds of the current run hold a pulse that the live quality window misses: a faint pulse
/// under noise (a saturated red channel with a pulse of a count or two, a noisy phone) fails most 5 s windows,
/// although over 10–15 s its spectrum stands out and its beats keep time with it — what the final analysis
/// answers from (`HarmonicRate` confirmed by `BeatTrainAgreement`). A reading with such a pulse is not cancelled
/// for low quality: the final analysis grades it.
///
/// The rule is the final analysis' own for a spectral heart rate (`FinalAnalyzer.confirmedRate`): a significant
/// peak (`HarmonicRate`, at least `HarmonicRate.minimumSnr` over its local floor) with at least
/// `BeatTrainAgreement.minimumShare` of the beat train's intervals at its period (its fundamental only, and without
/// the final analysis' branch for a decisive peak: a few seconds of spectrum decide less than a whole reading) —
/// or a peak standing `standaloneSnr` over its floor, which a faint pulse with a varying rate shows while its beat
/// train, a count above the noise, falls apart; and the peak must not be where mains flicker folds to at this
/// frame rate (`MainsFlicker`). It keeps a started reading from a low-quality cancel, and over a full window at the
/// quality window's spectral peak it confirms a pulse too faint for the frame-noise floor
/// (`LiveTick.faintPulseConfirmed`); alone it never starts a reading: the quality score must still pass.
struct SustainedPulse {
    /// Seconds of the run analysed (at most).
    static let windowSeconds = 15.0
    /// Fewest seconds of gap-free signal analysed: `HarmonicRate`'s shortest periodogram.
    static let minimumSeconds = HarmonicRate.minimumWindowSeconds
    /// Peak-to-floor ratio from which the peak keeps the tick without the beat train: on 60 pulse-free synthetic
    /// captures (saturated dead-green and ordinary, 2700 windows of 15 s) 2 % of windows reach it, so a pulse-free
    /// reading still fails the low-quality check (which needs 60 % of its ticks bad), while a weak pulse of a
    /// count with a strongly varying rate stands 10–60 times over its floor in most 15 s windows.
    static let standaloneSnr = 10.0

    private let extractor: BeatExtractor
    /// FFT plans kept from tick to tick.
    private var plans = FourierPlans()

    /// A check with `extractor`'s band-pass and beat detector.
    init(extractor: BeatExtractor) {
        self.extractor = extractor
    }

    /// The rate (bpm) of the sustained pulse that `frames` (ascending and gap-free, the last `windowSeconds` at
    /// most) hold when read on `channel`; nil without one.
    mutating func rateBpm(in frames: [FrameSample], channel: PulseChannel) -> Double? {
        guard let recent = RecentPulse(frames: frames, channel: channel, extractor: extractor,
                                       minimumSeconds: Self.minimumSeconds),
              let rate = HarmonicRate(pulses: [recent.extraction.pulse], plans: &plans),
              rate.snr >= HarmonicRate.minimumSnr else { return nil }
        guard !MainsFlicker.mayBeFlicker(peakHz: rate.rateBpm / 60, sampleRates: MainsFlicker.halfRates(frames))
        else { return nil }
        let confirmed = rate.snr >= Self.standaloneSnr
            || FinalAnalyzer.confirmedRate(rate, candidatesBpm: [rate.rateBpm], pulses: [recent.extraction.pulse],
                                           extractor: extractor, decisiveSnr: nil) != nil
        return confirmed ? rate.rateBpm : nil
    }
}
