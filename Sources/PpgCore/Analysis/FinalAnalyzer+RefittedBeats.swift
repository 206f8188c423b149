/// Beats found again at a confirmed rate. A pulse whose dicrotic (reflected) wave is as tall as its systolic one
/// gives the detector, with its fixed spacing, a second beat in many periods: the intervals alternate short and long,
/// the NN series is too irregular for a heart rate, and the reading is answered by its spectrum, without HRV. Once
/// the spectrum and the beat train have confirmed the rate and ruled out its rivals (half of it), the beats are
/// sought again with the detector fitted to that period (`BeatExtractor.fitted(toPeriodSeconds:)`): the second wave of
/// each pair falls within the fitted spacing and is passed over. Those beats answer in place of the spectrum only
/// when they give a heart rate from the beats themselves, within `refitAgreementBpm` of the confirmed rate; they
/// then pass the same interval correction, per-beat confidence and consistency gate as any other beats.
extension FinalAnalyzer {
    /// Largest difference between the heart rate of beats found at a confirmed rate and that rate, bpm: half the
    /// beat/spectrum agreement (`spectralAgreementBpm`). Beats sought at a known period reproduce it within a bpm
    /// on synthetic pulses with a tall second wave at 55–70 bpm; a train that lost beats of a fast, faint pulse
    /// (the fitted spacing leaves no room for a late one) drifts 5 bpm below it at 110–135 bpm
    /// (`nfv-bench honesty`), and is then not taken.
    public static let refitAgreementBpm = 2.5

    /// The result of `source`'s channel with its beats found at the period of `rateBpm` (the rate its spectrum or
    /// fold gave, rivals ruled out), when that result's heart rate comes from those beats and agrees with
    /// `rateBpm`; nil otherwise. The choice moves from `selection`'s to that channel; the spectral channel of the
    /// reading (`spectral`) still vouches for the rate.
    func refittedResult(rateBpm: Double, signal: ReadingSignal, selection: ChannelSelection, source: ChannelAnalysis,
                        spectral: ChannelAnalysis?, motion: [MotionSample], hrvAllowed: Bool,
                        screening: Bool) -> AnalysisResult? {
        let fitted = extractor.fitted(toPeriodSeconds: 60 / rateBpm)
        var channel = source
        channel.beats = source.raw.indices.flatMap {
            fitted.extract(source.raw[$0], pulse: source.pulses[$0], segmentIndex: $0).beats
        }
        let refitted = ChannelSelection(choice: selection.choice.moved(to: source.candidate.channel), chosen: channel,
                                        spectral: spectral, intervals: intervalAnalysis(of: channel.beats),
                                        redDc: selection.redDc)
        let outcome = assemble(signal: signal, selection: refitted, motion: motion, hrvAllowed: hrvAllowed,
                               screening: screening, vouchedRateBpm: rateBpm)
        guard case .success(let result) = outcome, result.diagnostics.hrSource == .beats,
              abs(result.heartRateBpm - rateBpm) <= Self.refitAgreementBpm else { return nil }
        return result
    }
}
