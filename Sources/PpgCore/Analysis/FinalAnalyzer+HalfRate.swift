/// The half-rate check of a heart rate the beats or the spectrum agree on. A pulse whose second (dicrotic or
/// reflected) wave is about as tall as its systolic one and follows it by about half a period gives the detector
/// both waves evenly: the beats run at twice the heart's rate, the spectrum peaks there too, and the two agree.
/// Before such a rate is answered at quality `usable` or better, the beats found at its period are tested for two
/// kinds of beat (`BeatAlternation`); where they alternate, half the rate is the better explanation when the
/// pulse's fold settles on it (`FoldedRate.settled`), and the reading is withheld with both rates as candidates
/// (`hr_ambiguous`) when it does not.
extension FinalAnalyzer {
    /// The rate to answer instead of `rateBpm` (half of it, when the check above settles on it) or the rival to
    /// withhold it for (`rival`), from the channel `channel` of `signal` (its segments taken from `analyses` when
    /// measured there); both nil when the beats at `rateBpm` do not alternate or half of it lies below the heart
    /// band.
    func halfRateCheck(rateBpm: Double, channel: PulseChannel, analyses: [ChannelAnalysis],
                       signal: ReadingSignal) -> (halved: Double?, rival: Double?) {
        let half = rateBpm / 2
        guard half >= 60 * HarmonicRate.searchBand.lowerBound else { return (nil, nil) }
        let measured = analyses.first { $0.candidate.channel == channel }
        let raw = measured?.raw ?? signal.rawSegments(of: channel)
        let pulses = measured?.pulses ?? raw.map(extractor.pulseWaveform)
        let period = 60 / rateBpm
        let fitted = extractor.fitted(toPeriodSeconds: period)
        let beats = raw.indices.flatMap { fitted.extract(raw[$0], pulse: pulses[$0], segmentIndex: $0).beats }
        guard BeatAlternation(beats: beats, pulses: pulses, periodSeconds: period)?.showsTwoKinds ?? false else {
            return (nil, nil)
        }
        if let settled = FoldedRate.settled(among: [rateBpm, half], pulses: pulses, channel: channel),
           abs(settled.rateBpm - half) <= FoldedRate.agreementBpm {
            return (settled.rateBpm, nil)
        }
        return (nil, half)
    }
}
