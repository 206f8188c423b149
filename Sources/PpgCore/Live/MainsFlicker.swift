import Glibc

/// Light flicker from the mains, as a camera sees it: lamps flicker at twice the mains frequency (100 or 120 Hz)
/// with a harmonic at four times it; sampled at the frame rate, that flicker folds down to
/// `|f − fs·round(f/fs)|`, which for some frame rates (24.5 fps: 2 Hz) lies in the heart band and, with its folded
/// harmonic, looks like a pulse. A spectral peak at such a frequency is not evidence of a pulse.
enum MainsFlicker {
    /// Flicker frequencies of 50 and 60 Hz mains and their first harmonics, Hz.
    static let frequencies: [Double] = [100, 120, 200, 240]
    /// How close to a folded flicker frequency a peak must be to be taken for it, Hz (a 5 s window resolves
    /// ±0.2 Hz).
    static let tolerance = 0.08

    /// Where `frequency` appears when sampled at `sampleRate`, Hz.
    static func folded(_ frequency: Double, sampleRate: Double) -> Double {
        abs(frequency - sampleRate * (frequency / sampleRate).rounded())
    }

    /// Whether a spectral peak at `peakHz` may be mains flicker, given the frame rates measured over successive
    /// parts of its window: some flicker frequency must fold to the peak at every one of them. A lamp's flicker
    /// folds to one place only while the frame rate holds still: the fold moves by `round(f/fs)` times any change
    /// of the rate (8 × for 200 Hz at 25 fps, so a rate wandering by 1 % moves it by 2 Hz), smearing the folded
    /// light over the band. Where the rate wanders that much, the fold is no prediction and a peak there is no
    /// evidence of flicker.
    static func mayBeFlicker(peakHz: Double, sampleRates: [Double]) -> Bool {
        guard !sampleRates.isEmpty, sampleRates.allSatisfy({ $0 > 0 && $0.isFinite }) else { return false }
        return frequencies.contains { frequency in
            sampleRates.allSatisfy { abs(folded(frequency, sampleRate: $0) - peakHz) <= tolerance }
        }
    }

    /// The mean frame rates of the first and the second half of `frames`, frames per second (0 for a half without
    /// a span). Mean rates, not median intervals: the timestamps' jitter moves a median, and the fold of mains
    /// flicker moves several times as much as the rate.
    static func halfRates(_ frames: [FrameSample]) -> [Double] {
        let middle = frames.count / 2
        return [frames[..<(middle + 1)], frames[middle...]].map { half in
            let span = (half.last?.timestamp ?? 0) - (half.first?.timestamp ?? 0)
            return span > 0 ? Double(half.count - 1) / span : 0
        }
    }
}
