/// The half-rate check of a heart rate the beats or the spectrum agree on. A pulse whose second (dicrotic or
/// reflected) wave is about as tall as its systolic one and follows it by about half a period gives the detector
/// both waves evenly: the beats run at twice the heart's rate, the spectrum peaks there too, and the two agree.
/// Before such a rate is answered at quality `usable` or better, the beats found at its period are tested for two
/// kinds of beat (`BeatAlternation`); where they alternate, half the rate is the better explanation when the
/// pulse's fold settles on it (`FoldedRate.settled`), and the reading is withheld with both rates as candidates
/// (`hr_ambiguous`) when it does not. Above `FoldedRate.shapelessFoldBpm`, where the beats cannot show two kinds,
/// the rate must instead show at half of it the two equal halves of a heart at the rate (`shapelessHalfRival`), and
/// at a third of it the three equal parts (`shapelessThirdRival`).
extension FinalAnalyzer {
    /// The rate to answer instead of `rateBpm` (half of it, when the check above settles on it) or the rival to
    /// withhold it for (`rival`), from the channel `channel` of `signal` (its segments taken from `analyses` when
    /// measured there); both nil when the beats at `rateBpm` do not alternate or half of it lies below the heart
    /// band.
    func halfRateCheck(rateBpm: Double, channel: PulseChannel, analyses: [ChannelAnalysis],
                       signal: ReadingSignal) -> (halved: Double?, rival: Double?) {
        let half = rateBpm / 2
        guard half >= 60 * HarmonicRate.searchBand.lowerBound else { return (nil, nil) }
        let (raw, pulses) = segments(of: channel, analyses: analyses, signal: signal)
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

    /// Half of `rateBpm` when the rate lies above `FoldedRate.shapelessFoldBpm` and the pulse of `channel` folded
    /// at half of it does not show two equal halves (`showsEqualHalves`); nil otherwise, or when half of it lies
    /// below the heart band. Above that rate the beat band-pass leaves each wave one sinusoid: a pulse whose
    /// dicrotic wave is as tall as its systolic one and about half a period after it gives beats, spectrum and
    /// fold at twice its rate that look like one kind of beat (`BeatAlternation` sees no two kinds, the fold at the
    /// rate no shape). Only the cycle at half the rate holds both waves; a heart at the rate puts the same beat in
    /// both halves of it, so the rate is answered only when they are alike. The half is not answered instead:
    /// beats found again at its period would take every other beat of a fast heart.
    func shapelessHalfRival(rateBpm: Double, channel: PulseChannel, analyses: [ChannelAnalysis],
                            signal: ReadingSignal) -> Double? {
        let half = rateBpm / 2
        guard rateBpm > FoldedRate.shapelessFoldBpm, half >= 60 * HarmonicRate.searchBand.lowerBound else {
            return nil
        }
        let pulses = segments(of: channel, analyses: analyses, signal: signal).pulses
        guard let fold = PulseFold.searched(pulses: pulses, aroundPeriod: 60 / half),
              FoldedRate.showsEqualHalves(pulses: pulses, fold: fold) else { return half }
        return nil
    }

    /// A third of `rateBpm` when the rate lies above `FoldedRate.shapelessFoldBpm` and the pulse of `channel`, folded
    /// at the rate and then at three times that period, is not three equal parts (`FoldedRate.harmonicRuledOut` with
    /// `FoldedRate.equalThirdsSimilarity`, the test the fold already makes of its own rates); nil otherwise, or when a
    /// third of it lies below the heart band or the pulse does not fold. A slow faint pulse whose band-passed power
    /// sits mostly in its third harmonic gives a spectral peak at three times its rate, where the cycle is one
    /// sinusoid, and its fold at half that rate (one and a half of its periods) holds two equal halves of the
    /// harmonic, so `shapelessHalfRival` passes it; only its own cycle, three periods of the rate, shows it is no
    /// heart at the rate (`nfv-bench honesty`, seed 2028: 199.9 bpm for 67.5, its cycle's thirds 0.08 alike, against
    /// 0.64 and above on the 665 faint pulses that truly beat at 150–199 bpm and were answered right, seeds 0–399).
    func shapelessThirdRival(rateBpm: Double, channel: PulseChannel, analyses: [ChannelAnalysis],
                             signal: ReadingSignal) -> Double? {
        let third = rateBpm / 3
        guard rateBpm > FoldedRate.shapelessFoldBpm, FoldedRate.heartBand.contains(third) else { return nil }
        let pulses = segments(of: channel, analyses: analyses, signal: signal).pulses
        guard let fold = PulseFold.searched(pulses: pulses, aroundPeriod: 60 / rateBpm),
              !FoldedRate.harmonicRuledOut(pulses: pulses, fold: fold, parts: 3,
                                           similarity: FoldedRate.equalThirdsSimilarity) else { return nil }
        return third
    }

    /// The raw and band-passed segments of `channel`: those measured in `analyses`, else `signal`'s.
    func segments(of channel: PulseChannel, analyses: [ChannelAnalysis],
                  signal: ReadingSignal) -> (raw: [UniformSegment], pulses: [UniformSegment]) {
        let measured = analyses.first { $0.candidate.channel == channel }
        let raw = measured?.raw ?? signal.rawSegments(of: channel)
        return (raw, measured?.pulses ?? raw.map(extractor.pulseWaveform))
    }
}
