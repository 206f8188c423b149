/// Peak bands of a spectrum: the mean power around each bin and its ratio to the local noise floor.
struct SpectralPeaks {
    /// The spectrum measured.
    let spectrum: PowerSpectrum
    /// Half-width of the periodograms' Hann main lobe, Hz.
    let lobeHalfWidth: Double
    /// Mean power within the peak band around each bin.
    let bandPowers: [Double]

    /// Measures the peak band around every bin of `spectrum`, whose periodograms' main lobe is `lobeHalfWidth` Hz
    /// either side of a peak.
    init(spectrum: PowerSpectrum, lobeHalfWidth: Double) {
        self.spectrum = spectrum
        self.lobeHalfWidth = lobeHalfWidth
        let power = spectrum.power
        var prefix = [Double](repeating: 0, count: power.count + 1)
        for index in power.indices { prefix[index + 1] = prefix[index] + power[index] }
        bandPowers = power.indices.map { index in
            let half = Self.halfWidth(at: spectrum.frequency(ofBin: index), lobeHalfWidth: lobeHalfWidth)
            let width = max(1, Int((half / spectrum.resolution).rounded()))
            let low = max(0, index - width), high = min(power.count, index + width + 1)
            return (prefix[high] - prefix[low]) / Double(high - low)
        }
    }

    /// Half-width of the band counted as the peak at `frequency` Hz: the main lobe or the rate's spread.
    func halfWidth(at frequency: Double) -> Double { Self.halfWidth(at: frequency, lobeHalfWidth: lobeHalfWidth) }

    /// The larger of `lobeHalfWidth` and the rate's spread (`HarmonicRate.rateSpread`) at `frequency`, Hz.
    static func halfWidth(at frequency: Double, lobeHalfWidth: Double) -> Double {
        max(lobeHalfWidth, HarmonicRate.rateSpread * frequency)
    }

    /// Median power within ±`HarmonicRate.floorHalfWidth` of `bin`, nil without power.
    func localFloor(at bin: Int) -> Double? {
        let centre = spectrum.frequency(ofBin: bin)
        guard let range = spectrum.binRange(max(0, centre - HarmonicRate.floorHalfWidth)...(
            centre + HarmonicRate.floorHalfWidth)),
            let floor = Statistics.median(Array(spectrum.power[range])), floor > 0 else { return nil }
        return floor
    }

    /// Band power at `bin` over the local floor (0 without a floor).
    func snr(at bin: Int) -> Double { localFloor(at: bin).map { bandPowers[bin] / $0 } ?? 0 }

    /// The largest ratio among the bins within one peak half-width of `frequency` (0 outside the spectrum).
    func strongestSnr(near frequency: Double) -> Double {
        let half = halfWidth(at: frequency)
        guard let range = spectrum.binRange(max(0, frequency - half)...(frequency + half)),
              let best = range.max(by: { bandPowers[$0] < bandPowers[$1] }) else { return 0 }
        return snr(at: best)
    }

    /// Centroid (Hz) of the power above `floor` within the peak band around `bin`: the mean rate of a peak the
    /// varying heart rate spreads.
    func centroid(at bin: Int, floor: Double) -> Double {
        let centre = spectrum.frequency(ofBin: bin), half = halfWidth(at: centre)
        guard let range = spectrum.binRange(max(0, centre - half)...(centre + half)) else { return centre }
        var weight = 0.0, moment = 0.0
        for index in range {
            let excess = max(spectrum.power[index] - floor, 0)
            weight += excess
            moment += excess * spectrum.frequency(ofBin: index)
        }
        return weight > 0 ? moment / weight : centre
    }
}
