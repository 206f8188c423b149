import Glibc

/// Light flicker from the mains, as a camera sees it: lamps flicker at twice the mains frequency (100 or 120 Hz)
/// with a harmonic at four times it; sampled at the frame rate, that flicker folds down to
/// `|f − fs·round(f/fs)|`, which for some frame rates (24.5 fps: 2 Hz) lies in the heart band and, with its folded
/// harmonic, looks like a pulse. A spectral peak at such a frequency is not evidence of a pulse.
enum MainsFlicker {
    /// Flicker frequencies of 50 and 60 Hz mains and their first harmonics, Hz.
    static let frequencies: [Double] = [100, 120, 200, 240]
    /// How close to a folded flicker frequency a peak must be to be taken for it, Hz (a 5 s window resolves
    /// ±0.2 Hz; a frame rate known to 0.1 % moves the fold by less than 0.03 Hz).
    static let tolerance = 0.08

    /// Where `frequency` appears when sampled at `sampleRate`, Hz.
    static func folded(_ frequency: Double, sampleRate: Double) -> Double {
        abs(frequency - sampleRate * (frequency / sampleRate).rounded())
    }

    /// Whether a spectral peak at `peakHz`, sampled at `sampleRate`, may be mains flicker.
    static func mayBeFlicker(peakHz: Double, sampleRate: Double) -> Bool {
        guard sampleRate > 0, sampleRate.isFinite else { return false }
        return frequencies.contains { abs(folded($0, sampleRate: sampleRate) - peakHz) <= tolerance }
    }
}
