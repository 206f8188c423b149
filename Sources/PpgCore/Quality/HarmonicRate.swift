/// The heart rate a reading's spectrum shows on its own, measured against the spectrum's local noise floor.
///
/// A faint pulse (a saturated red channel with a pulse of a count or less) hides in short windows but stands out
/// over a whole reading: Hann periodograms of up to 20 s averaged over the reading resolve it to about ±0.1 Hz.
/// Its strength is the mean power in the band around the peak (the main lobe, or the spread of a varying rate)
/// divided by the median power within `floorHalfWidth` of it (the local noise floor, robust to the peak and to
/// slow coloured noise such as baseline wander): near 1 for noise, far above it for a pulse. The strongest such
/// peak in `searchBand` is taken as the fundamental (a pulse wave's fundamental carries most of its power); an
/// octave below it, a peak that is itself significant makes the reading ambiguous (`subharmonicBpm`), for the
/// beat train to settle.
public struct HarmonicRate: Sendable, Equatable {
    /// The fundamental, bpm: the centroid of the power above the floor within the strongest significant peak.
    public var rateBpm: Double
    /// Mean power in the fundamental's peak band over the local noise floor (a power ratio; ≈ 1 for noise).
    public var snr: Double
    /// The same ratio at twice the fundamental (0 beyond the spectrum).
    public var harmonicSnr: Double
    /// Half the fundamental, bpm, when a significant peak sits there too: then the true rate may be either.
    public var subharmonicBpm: Double?

    /// Frequencies searched for the fundamental, Hz (40–210 bpm).
    public static let searchBand: ClosedRange<Double> = 0.66...3.5
    /// Longest periodogram averaged, seconds: resolves rates about 6 bpm apart.
    public static let windowSeconds = 20.0
    /// Shortest periodogram used when no gap-free segment holds `windowSeconds` (frames with gaps), seconds.
    public static let minimumWindowSeconds = 10.0
    /// Share of the rate by which the peak may spread: the heart rate varies by several per cent over a minute
    /// (sinus arrhythmia, drift), more in bpm the faster it beats, and spreads the peak with it.
    public static let rateSpread = 0.06
    /// Half-width of the neighbourhood whose median power is the local noise floor, Hz.
    public static let floorHalfWidth = 0.75
    /// Smallest peak-to-floor ratio counted as a spectral peak (6 dB). It is a first screen, not the guard: the
    /// largest peak of 120 pulse-free saturated captures (red clipped, dead green; 60 s) reached 3.4, but with the
    /// frame means rounded to whole counts 6 of 80 reached 4.3–7.8, and 6 of 30 ordinary pulse-free captures 4.2–6.2.
    /// None of those 110 gave a heart rate: the beat train's confirmation (`BeatTrainAgreement`) keeps them silent.
    public static let minimumSnr = 4.0
    /// Peak-to-floor ratio that the spectrum makes decisive (9 dB; the largest pulse-free peak seen, 7.8 with
    /// whole-count rounding, stays below it): the beat train then only has to prefer the rate to its double.
    public static let decisiveSnr = 8.0
    /// Most local maxima of the peak-band power compared by their ratio (the strongest by raw power).
    static let candidateCount = 8

    /// Creates the figures directly.
    public init(rateBpm: Double, snr: Double, harmonicSnr: Double, subharmonicBpm: Double?) {
        self.rateBpm = rateBpm
        self.snr = snr
        self.harmonicSnr = harmonicSnr
        self.subharmonicBpm = subharmonicBpm
    }

    /// Measures the band-passed `pulses` of one channel with periodograms of `windowSeconds`, or of the shortest
    /// segment of at least `minimumWindowSeconds` when shorter (so that every such segment contributes); nil
    /// without a significant peak in `searchBand`.
    public init?(pulses: [UniformSegment], plans: inout FourierPlans) {
        let lengths = pulses.map { Double($0.samples.count) / $0.sampleRate }
        guard let shortest = lengths.filter({ $0 >= Self.minimumWindowSeconds }).min() else { return nil }
        let window = min(Self.windowSeconds, shortest)
        guard
              let spectrum = ReadingSignal.readingSpectrum(pulses, windowSeconds: window, plans: &plans)
        else { return nil }
        self.init(spectrum: spectrum, windowSeconds: window)
    }

    /// Measures `spectrum`, an average of Hann periodograms of `windowSeconds`; nil without a significant peak in
    /// `searchBand`.
    public init?(spectrum: PowerSpectrum, windowSeconds: Double) {
        let peaks = SpectralPeaks(spectrum: spectrum, lobeHalfWidth: 2 / windowSeconds)
        guard let band = spectrum.binRange(Self.searchBand), band.count >= 3 else { return nil }
        let lobe = peaks.bandPowers
        var maxima = band.filter { index in
            index > 0 && index + 1 < lobe.count && lobe[index] > lobe[index - 1] && lobe[index] >= lobe[index + 1]
        }
        maxima.sort { lobe[$0] > lobe[$1] }
        let ranked = maxima.prefix(Self.candidateCount).map { ($0, peaks.snr(at: $0)) }
        guard let (peak, snr) = ranked.max(by: { $0.1 < $1.1 }), snr >= Self.minimumSnr,
              let floor = peaks.localFloor(at: peak) else { return nil }
        let frequency = peaks.centroid(at: peak, floor: floor)
        let sub = peaks.strongestSnr(near: frequency / 2)
        let subSignificant = frequency / 2 >= Self.searchBand.lowerBound && sub >= Self.minimumSnr
        self.init(rateBpm: 60 * frequency, snr: snr, harmonicSnr: peaks.strongestSnr(near: 2 * frequency),
                  subharmonicBpm: subSignificant ? 30 * frequency : nil)
    }

    /// The rates the reading may hold: the fundamental, and half of it when ambiguous.
    public var candidatesBpm: [Double] { [rateBpm] + (subharmonicBpm.map { [$0] } ?? []) }
}
