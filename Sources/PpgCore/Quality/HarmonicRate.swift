/// The heart rate a reading's spectrum shows on its own, measured against the spectrum's local noise floor.
///
/// A faint pulse (a saturated red channel with a pulse of a count or less, rounded to whole counts) hides in
/// short windows but stands out over a whole reading: 20 s Hann periodograms averaged over the reading resolve
/// it to about ±0.1 Hz. Its strength is the mean power in the band around the peak (the main lobe, or the spread
/// of a varying rate) divided by the median
/// power of the surrounding `floorHalfWidth` (the local noise floor, robust to the peak and to slow coloured noise
/// such as baseline wander): near 1 for noise, far above it for a pulse. The strongest such peak in `searchBand`
/// is taken as the fundamental (a pulse wave's fundamental carries most of its power); an octave below it, a peak
/// that is itself significant makes the reading ambiguous (`subharmonicBpm`), for the beat train to settle.
public struct HarmonicRate: Sendable, Equatable {
    /// The fundamental, bpm (parabolic refinement of the strongest significant peak).
    public var rateBpm: Double
    /// Mean power in the fundamental's main lobe over the local noise floor (a power ratio; ≈ 1 for noise).
    public var snr: Double
    /// The same ratio at twice the fundamental (0 beyond the analysed band).
    public var harmonicSnr: Double
    /// Half the fundamental, bpm, when a significant peak sits there too: then the true rate may be either.
    public var subharmonicBpm: Double?

    /// Frequencies searched for the fundamental, Hz (40–210 bpm).
    public static let searchBand: ClosedRange<Double> = 0.66...3.5
    /// Length of the averaged periodograms, seconds: resolves rates about 6 bpm apart.
    public static let windowSeconds = 20.0
    /// Half-width of a Hann main lobe of `windowSeconds` (2/T), Hz: the narrowest band counted as the peak.
    public static let lobeHalfWidth = 2 / windowSeconds
    /// Share of the rate by which the peak may spread: the heart rate varies by several per cent over a minute
    /// (sinus arrhythmia, drift), more in bpm the faster it beats, and spreads the peak with it.
    public static let rateSpread = 0.06

    /// Half-width of the band counted as the peak at `frequency` Hz: the main lobe or the rate's spread.
    static func peakHalfWidth(at frequency: Double) -> Double { max(lobeHalfWidth, rateSpread * frequency) }
    /// Half-width of the neighbourhood whose median power is the local noise floor, Hz.
    public static let floorHalfWidth = 0.75
    /// Smallest lobe-to-floor ratio counted as a spectral peak (6 dB). Averaged over a minute, a noise lobe's ratio
    /// stays within about 1 ± 0.3, its largest of the ~40 lobes in the band rarely above 2.
    public static let minimumSnr = 4.0
    /// Most local maxima of the lobe power compared by their ratio (the strongest by raw power).
    static let candidateCount = 8

    /// Creates the figures directly.
    public init(rateBpm: Double, snr: Double, harmonicSnr: Double, subharmonicBpm: Double?) {
        self.rateBpm = rateBpm
        self.snr = snr
        self.harmonicSnr = harmonicSnr
        self.subharmonicBpm = subharmonicBpm
    }

    /// Measures the band-passed `pulses` of one channel; nil without a significant peak in `searchBand`.
    public init?(pulses: [UniformSegment], plans: inout FourierPlans) {
        guard let spectrum = ReadingSignal.readingSpectrum(pulses, windowSeconds: Self.windowSeconds, plans: &plans)
        else { return nil }
        self.init(spectrum: spectrum)
    }

    /// Measures `spectrum`; nil without a significant peak in `searchBand`.
    public init?(spectrum: PowerSpectrum) {
        guard let band = spectrum.binRange(Self.searchBand), band.count >= 3 else { return nil }
        let lobe = spectrum.lobePowers()
        var maxima = band.filter { index in
            index > 0 && index + 1 < lobe.count && lobe[index] > lobe[index - 1] && lobe[index] >= lobe[index + 1]
        }
        maxima.sort { lobe[$0] > lobe[$1] }
        let ranked = maxima.prefix(Self.candidateCount).map { ($0, spectrum.lobeSnr(at: $0, lobePowers: lobe)) }
        guard let (peak, snr) = ranked.max(by: { $0.1 < $1.1 }), snr >= Self.minimumSnr,
              let floor = spectrum.localFloor(at: peak) else { return nil }
        let frequency = spectrum.peakCentroid(at: peak, floor: floor)
        let harmonic = spectrum.strongestLobeSnr(near: 2 * frequency, lobePowers: lobe)
        let sub = spectrum.strongestLobeSnr(near: frequency / 2, lobePowers: lobe)
        let subSignificant = frequency / 2 >= Self.searchBand.lowerBound && sub >= Self.minimumSnr
        self.init(rateBpm: 60 * frequency, snr: snr, harmonicSnr: harmonic,
                  subharmonicBpm: subSignificant ? 30 * frequency : nil)
    }

    /// The rates the reading may hold: the fundamental, and half of it when ambiguous.
    public var candidatesBpm: [Double] { [rateBpm] + (subharmonicBpm.map { [$0] } ?? []) }
}

extension PowerSpectrum {
    /// Mean power over ±`HarmonicRate.peakHalfWidth` around each bin.
    func lobePowers() -> [Double] {
        var prefix = [Double](repeating: 0, count: power.count + 1)
        for index in power.indices { prefix[index + 1] = prefix[index] + power[index] }
        return power.indices.map { index in
            let half = max(1, Int((HarmonicRate.peakHalfWidth(at: frequency(ofBin: index)) / resolution).rounded()))
            let low = max(0, index - half), high = min(power.count, index + half + 1)
            return (prefix[high] - prefix[low]) / Double(high - low)
        }
    }

    /// Median power within ±`HarmonicRate.floorHalfWidth` of `bin`, nil without power.
    func localFloor(at bin: Int) -> Double? {
        let centre = frequency(ofBin: bin)
        guard let range = binRange(max(0, centre - HarmonicRate.floorHalfWidth)...(centre + HarmonicRate.floorHalfWidth)),
              let floor = Statistics.median(Array(power[range])), floor > 0 else { return nil }
        return floor
    }

    /// Centroid (Hz) of the power above `floor` within the peak band around `bin`: the mean rate of a peak the
    /// varying heart rate spreads.
    func peakCentroid(at bin: Int, floor: Double) -> Double {
        let half = HarmonicRate.peakHalfWidth(at: frequency(ofBin: bin))
        guard let range = binRange(max(0, frequency(ofBin: bin) - half)...(frequency(ofBin: bin) + half)) else {
            return frequency(ofBin: bin)
        }
        var weight = 0.0, moment = 0.0
        for index in range {
            let excess = max(power[index] - floor, 0)
            weight += excess
            moment += excess * frequency(ofBin: index)
        }
        return weight > 0 ? moment / weight : frequency(ofBin: bin)
    }

    /// Lobe power at `bin` over the median power within ±`HarmonicRate.floorHalfWidth` (0 without a floor).
    func lobeSnr(at bin: Int, lobePowers: [Double]) -> Double {
        localFloor(at: bin).map { lobePowers[bin] / $0 } ?? 0
    }

    /// The largest lobe ratio among the bins within one peak half-width of `frequency` (0 outside the spectrum).
    func strongestLobeSnr(near frequency: Double, lobePowers: [Double]) -> Double {
        let half = HarmonicRate.peakHalfWidth(at: frequency)
        guard let range = binRange(max(0, frequency - half)...(frequency + half)) else { return 0 }
        guard let best = range.max(by: { lobePowers[$0] < lobePowers[$1] }) else { return 0 }
        return lobeSnr(at: best, lobePowers: lobePowers)
    }
}
