/// The heart rate a reading's fold shows (`PulseFold`), when its shape rules out half, double and triple the
/// rate: for the last resort of the final analysis, a faint pulse whose spectral peak the beat train cannot
/// confirm.
///
/// A candidate rate stands when the pulse folded at its period is coherent (`minimumCoherence`), that cycle is
/// two distinct halves, alike from window to window (`halvesDiffer`: else the heart beats twice as fast), the
/// pulse folded at twice and three times the period is two and three equal parts (`equalHalvesSimilarity`,
/// `equalThirdsSimilarity`: else the heart beats at half or a third of the rate, the candidate a harmonic of it:
/// a dicrotic wave as tall as the systolic one puts such a harmonic in the spectrum), and the cycle is not an odd
/// number of a faster pulse's half-beats (`halfBeatMultipleRuledOut`). Each check is made only where the rival
/// rate lies in the heart band. A shapeless fold (`isShapeless`: above `shapelessFoldBpm`, where the band-passed
/// cycle has no shape for those checks, or at any rate a cycle that is all but one sinusoid) must also keep its phase
/// over short windows (`shapelessFoldChance`). Candidates come from each channel's spectrum: its harmonic rate and
/// subharmonic (`HarmonicRate`), its highest peak, and half of each.
public struct FoldedRate: Sendable, Equatable {
    /// The rate, bpm (from the most coherent fold's period).
    public var rateBpm: Double
    /// The fold's coherence.
    public var coherence: Double
    /// The channel folded.
    public var channel: PulseChannel

    /// Smallest coherence of a fold that shows a pulse. Over 600 pulse-free saturated captures (60 s, six windows,
    /// every channel, each candidate's period searched ±3 %) noise reached 0.64; pulses of a count mostly reach
    /// 0.8–0.95 (`nfv-bench honesty`).
    public static let minimumCoherence = 0.7
    /// Smallest self-similarity of the fold at twice the candidate's period for the candidate to be the heart's
    /// rate, not its first harmonic: a true cycle folded twice reaches 0.9–1 with a pulse of a count (5th
    /// percentile), a cycle whose dicrotic wave imitates a second beat at most 0.86.
    public static let equalHalvesSimilarity = 0.9
    /// Smallest self-similarity of the fold at three times the candidate's period for the candidate not to be the
    /// heart's second harmonic: a true cycle folded three times reaches 0.88–1 (5th percentile), a cycle folded
    /// at a third of its period stays near 0 (at most 0.1).
    public static let equalThirdsSimilarity = 0.5
    /// Largest similarity of the candidate's own fold to itself half a cycle on, for the candidate not to be half
    /// the heart's rate: a cycle folded at twice its period reaches 0.78–1; a true cycle stays below 0.65 (95th
    /// percentile) unless its dicrotic wave sits half a cycle on, which only happens above 105 bpm, where twice the
    /// rate is no heart rate and the check is not made.
    public static let distinctHalvesSimilarity = 0.7
    /// Smallest share of the halves' difference that repeats from window to window (`PulseFold.
    /// halvesDifferenceShare`) for the cycle's halves to differ. A faint pulse folded at twice its period averages
    /// half as many beats in each half, and noise makes the halves differ by as much as the test of their
    /// similarity allows; that difference does not repeat. On the shifted windows of the saturated captures
    /// (`nfv-bench honesty-windows 120 [corner]`), folds at half a 130–135 bpm pulse's rate kept 0.29–0.41 of it
    /// (seeds 20 and 21); folds at a heart's own rate (with twice it in the band) at least 0.68 on seeds 0–29,
    /// 0.47 on seeds 30–119, 0.51 on `honesty 300`, 0.65 on `tall-waves 300`. The value lies between the two,
    /// read off all of them.
    public static let distinctHalvesShare = 0.43
    /// Smallest template size (counts): a numerically constant channel leaves the band-pass a residue of about
    /// 1e-14 counts that repeats exactly, and folds coherently.
    public static let minimumAmplitude = 0.02
    /// Fastest rate, bpm, whose fold keeps a shape through the beat band-pass (its upper edge, 5 Hz, at twice the
    /// rate): above it the band-passed cycle is one sinusoid, with nothing for the checks against half, double and
    /// triple rates to see, and band-passed noise, whose maxima come about that fast, folds nearly as coherently as a
    /// faint pulse (`nfv-bench honesty-windows`: pulse-free windows answered at 171–203 bpm).
    public static let shapelessFoldBpm = 150.0
    /// Largest similarity of a fold's cycle to itself half a cycle on (`PulseFold.selfSimilarity(parts: 2)`) for the
    /// cycle to be shapeless at any rate: at −0.5 its odd harmonics hold three quarters of its power, so it is all but
    /// one sinusoid, and the checks against half, double and triple rates see nothing, as above `shapelessFoldBpm`.
    /// Band-passed noise folded at its own narrowband peak is such a sinusoid. On the shifted windows of the
    /// pulse-free twins (`nfv-bench honesty-windows 240 [corner]`, seeds 0–199 and 0–179), the folds of noise below
    /// `shapelessFoldBpm` that stood lay at −0.52 to −0.99 (coherence 0.70–0.77, short-window chance 10^-4.7 to
    /// 10^-1.0), or at 0.09 and above (cycles of two humps, which this rule leaves). The folds of the captures' pulses
    /// at their rate whose chance misses `shapelessFoldChance` lay at −0.38 and above (a dicrotic wave gives the cycle
    /// even harmonics), but for one capture's green (−0.77 to −0.89), whose red fold answers.
    public static let shapelessHalvesSimilarity = -0.5
    /// Largest chance that noise keeps a fold's phase as well as a shapeless candidate (`isShapeless`) does over short
    /// windows (`PulseFold.shortWindowChance`), for it to stand: one pulse-free reading in a thousand over about a
    /// hundred independent trials (three channels, a few candidates each, about ten independent periods in each
    /// ±3 % search).
    public static let shapelessFoldChance = 1e-5
    /// Largest spread, bpm, of the candidates that stand, across channels: more would be two rhythms.
    public static let agreementBpm = 5.0

    /// Creates the figures directly.
    public init(rateBpm: Double, coherence: Double, channel: PulseChannel) {
        self.rateBpm = rateBpm
        self.coherence = coherence
        self.channel = channel
    }

    /// The most coherent candidate that stands over `channels` (each channel's band-passed segments); nil when
    /// none stands or those that stand disagree by more than `agreementBpm`.
    public init?(channels: [(PulseChannel, [UniformSegment])], plans: inout FourierPlans) {
        var standing: [FoldedRate] = []
        for (channel, pulses) in channels {
            for candidate in Self.candidates(pulses: pulses, plans: &plans) {
                if let rate = Self.standing(pulses: pulses, candidateBpm: candidate, channel: channel) {
                    standing.append(rate)
                }
            }
        }
        guard let best = standing.max(by: { $0.coherence < $1.coherence }),
              standing.allSatisfy({ abs($0.rateBpm - best.rateBpm) <= Self.agreementBpm }) else { return nil }
        self = best
    }

    /// The one of `candidatesBpm` (rates the spectrum and the beat train cannot choose between) whose fold of
    /// `pulses` stands, nil when none or more than one does.
    public static func settled(among candidatesBpm: [Double], pulses: [UniformSegment],
                               channel: PulseChannel) -> FoldedRate? {
        let standing = candidatesBpm.compactMap { self.standing(pulses: pulses, candidateBpm: $0, channel: channel) }
        return standing.count == 1 ? standing[0] : nil
    }

    /// The rates one channel's spectrum suggests, bpm: `HarmonicRate`'s candidates and the highest peak in the
    /// search band, each with its `relatedRatios`, those in the band.
    static func candidates(pulses: [UniformSegment], plans: inout FourierPlans) -> [Double] {
        var rates = HarmonicRate(pulses: pulses, plans: &plans)?.candidatesBpm ?? []
        if let spectrum = ReadingSignal.readingSpectrum(pulses, plans: &plans),
           let peak = spectrum.peakFrequency(in: HarmonicRate.searchBand) {
            rates.append(60 * peak)
        }
        return rates.flatMap { rate in relatedRatios.map { rate * $0 } }.filter(heartBand.contains)
    }

    /// The candidate's rate when its fold stands (the rule above), nil otherwise.
    static func standing(pulses: [UniformSegment], candidateBpm: Double, channel: PulseChannel) -> FoldedRate? {
        guard let fold = PulseFold.searched(pulses: pulses, aroundPeriod: 60 / candidateBpm),
              fold.coherence >= minimumCoherence, fold.amplitude >= minimumAmplitude else { return nil }
        let rate = 60 / fold.periodSeconds
        guard heartBand.contains(rate),
              !isShapeless(fold, rateBpm: rate) || fold.shortWindowChance(pulses: pulses) <= shapelessFoldChance,
              heartBand.contains(2 * rate) ? halvesDiffer(pulses: pulses, fold: fold) : true,
              harmonicRuledOut(pulses: pulses, fold: fold, parts: 2, similarity: equalHalvesSimilarity),
              harmonicRuledOut(pulses: pulses, fold: fold, parts: 3, similarity: equalThirdsSimilarity),
              threeHalvesRuledOut(pulses: pulses, fold: fold),
              halfBeatMultipleRuledOut(pulses: pulses, fold: fold)
        else { return nil }
        return FoldedRate(rateBpm: rate, coherence: fold.coherence, channel: channel)
    }

    /// Whether `fold` (at `rateBpm`) has no shape for the checks against half, double and triple rates: its rate lies
    /// above `shapelessFoldBpm`, or its cycle is all but one sinusoid (`shapelessHalvesSimilarity`).
    static func isShapeless(_ fold: PulseFold, rateBpm: Double) -> Bool {
        rateBpm > shapelessFoldBpm || fold.selfSimilarity(parts: 2) <= shapelessHalvesSimilarity
    }

    /// Whether the cycle of `fold` is two distinct halves, not two beats of a heart at twice its rate: the halves
    /// differ (`distinctHalvesSimilarity`) and the difference repeats from window to window
    /// (`PulseFold.halvesDifferenceShare` at least `distinctHalvesShare`).
    static func halvesDiffer(pulses: [UniformSegment], fold: PulseFold) -> Bool {
        fold.selfSimilarity(parts: 2) < distinctHalvesSimilarity
            && fold.halvesDifferenceShare(pulses: pulses) >= distinctHalvesShare
    }

    /// Whether the cycle of `fold` is two equal halves, as a heart at twice its rate leaves it: the halves alike
    /// (`equalHalvesSimilarity`) and their difference not repeating from window to window (`PulseFold.
    /// halvesDifferenceShare` below `distinctHalvesShare`). A pulse whose dicrotic wave is as tall as its systolic
    /// one may leave halves alike to within noise, but the difference between its two waves repeats.
    public static func showsEqualHalves(pulses: [UniformSegment], fold: PulseFold) -> Bool {
        fold.selfSimilarity(parts: 2) >= equalHalvesSimilarity
            && fold.halvesDifferenceShare(pulses: pulses) < distinctHalvesShare
    }

    /// Whether the rate of `fold` is not `parts` times the heart's: true when that heart's rate would fall below
    /// the band, or when the pulse folded at `parts` times the period is `parts` equal parts (`similarity`).
    static func harmonicRuledOut(pulses: [UniformSegment], fold: PulseFold, parts: Int, similarity: Double) -> Bool {
        let period = Double(parts) * fold.periodSeconds
        guard heartBand.contains(60 / period) else { return true }
        return PulseFold(pulses: pulses, periodSeconds: period).map { $0.selfSimilarity(parts: parts) >= similarity }
            ?? false
    }

    /// Whether the rate of `fold` is not two thirds of the heart's: true when three halves of it fall beyond the
    /// band, or when the pulse folded at twice the period is not three equal parts (`distinctHalvesSimilarity`).
    /// A pulse whose dicrotic wave sits half a cycle on is nearly periodic at half its period, so at three halves
    /// of its period too, and a peak of noise between its harmonics may lead the search there.
    static func threeHalvesRuledOut(pulses: [UniformSegment], fold: PulseFold) -> Bool {
        guard heartBand.contains(1.5 * 60 / fold.periodSeconds) else { return true }
        return PulseFold(pulses: pulses, periodSeconds: 2 * fold.periodSeconds)
            .map { $0.selfSimilarity(parts: 3) < distinctHalvesSimilarity } ?? false
    }

    /// Whether the rate of `fold` is not an odd number of half-beats of a faster heart: true when the fold's
    /// strongest harmonic `k` (`PulseFold.strongestHarmonic`) is the first or even, when `k` times the rate lies in
    /// the band (the periodicity the fold repeats may then be a heart's own, which the other checks judge), when
    /// `k/2` times the rate falls beyond the band, or when the pulse's most coherent fold near `k/2` times the rate
    /// is less coherent than `fold`. A pulse whose dicrotic wave sits half a cycle on is nearly periodic at half
    /// its period; folded at an odd number `k` of those halves, a whole number of beats and a half, every cycle
    /// repeats the half-beat `k` times, and the fold at the heart's rate is the more coherent (`nfv-bench
    /// honesty-windows`, seed 44: 55.3 bpm, five half-beats of a pulse at 138 bpm, coherence 0.84 against 0.91).
    /// A slow pulse whose second wave sits a third of a cycle on also folds coherently at 1.5 times its rate, but
    /// its third harmonic is a heart rate, and the rule leaves it alone.
    static func halfBeatMultipleRuledOut(pulses: [UniformSegment], fold: PulseFold) -> Bool {
        let harmonic = fold.strongestHarmonic
        guard harmonic >= 3, harmonic % 2 == 1 else { return true }
        let heartPeriod = 2 * fold.periodSeconds / Double(harmonic)
        guard 60 * Double(harmonic) / fold.periodSeconds > heartBand.upperBound,
              heartBand.contains(60 / heartPeriod) else { return true }
        return (PulseFold.searched(pulses: pulses, aroundPeriod: heartPeriod)?.coherence ?? 0) < fold.coherence
    }

    /// Ratios to each spectral rate of the candidates tried: the rate and half of it (a dicrotic wave's harmonic
    /// taken for the peak).
    static let relatedRatios = [1, 0.5]

    /// The heart rates searched, bpm (`HarmonicRate.searchBand`).
    static let heartBand = (60 * HarmonicRate.searchBand.lowerBound)...(60 * HarmonicRate.searchBand.upperBound)
}
