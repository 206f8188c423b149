import Glibc

/// One pulse of blood volume (blood-volume polarity: up = more blood) as the sum of two Gaussians in seconds
/// after the pulse onset.
public struct PulseShape: Sendable, Equatable {
    /// Amplitude of the systolic Gaussian.
    public var systolicAmplitude: Double
    /// Centre (s after onset) of the systolic Gaussian.
    public var systolicCentreS: Double
    /// Width (s) of the systolic Gaussian.
    public var systolicWidthS: Double
    /// Amplitude of the diastolic Gaussian.
    public var diastolicAmplitude: Double
    /// Centre (s after onset) of the diastolic Gaussian.
    public var diastolicCentreS: Double
    /// Width (s) of the diastolic Gaussian.
    public var diastolicWidthS: Double

    /// Creates a shape from both Gaussians' amplitude, centre and width.
    public init(systolicAmplitude: Double, systolicCentreS: Double, systolicWidthS: Double,
                diastolicAmplitude: Double, diastolicCentreS: Double, diastolicWidthS: Double) {
        self.systolicAmplitude = systolicAmplitude
        self.systolicCentreS = systolicCentreS
        self.systolicWidthS = systolicWidthS
        self.diastolicAmplitude = diastolicAmplitude
        self.diastolicCentreS = diastolicCentreS
        self.diastolicWidthS = diastolicWidthS
    }

    /// Realistic fingertip pulse: broad flat top, fitted to ensemble-averaged real beats.
    public static let broad = PulseShape(
        systolicAmplitude: 0.60, systolicCentreS: 0.17, systolicWidthS: 0.08,
        diastolicAmplitude: 0.80, diastolicCentreS: 0.39, diastolicWidthS: 0.18)

    /// Best case: a sharp systolic peak with a small diastolic wave.
    public static let sharp = PulseShape(
        systolicAmplitude: 1.0, systolicCentreS: 0.15, systolicWidthS: 0.055,
        diastolicAmplitude: 0.45, diastolicCentreS: 0.40, diastolicWidthS: 0.10)

    /// Time span (s) after the onset beyond which the pulse is treated as zero.
    public var supportS: Double {
        max(systolicCentreS + 5 * systolicWidthS, diastolicCentreS + 5 * diastolicWidthS)
    }

    /// Time (s) before the onset at which the pulse is still treated as non-zero (the Gaussians start early).
    public var leadS: Double {
        max(0, max(5 * systolicWidthS - systolicCentreS, 5 * diastolicWidthS - diastolicCentreS))
    }

    /// Pulse value at `tau` seconds after the onset (negative `tau` allowed).
    public func value(at tau: Double) -> Double {
        let systolic = (tau - systolicCentreS) / systolicWidthS
        let diastolic = (tau - diastolicCentreS) / diastolicWidthS
        return systolicAmplitude * exp(-0.5 * systolic * systolic)
            + diastolicAmplitude * exp(-0.5 * diastolic * diastolic)
    }

    /// Lowest and highest value of an unmodulated periodic train of unit-amplitude pulses, one every `periodS`
    /// seconds (sampled at 1 kHz); the peak is the streaming generator's stand-in for the 99th percentile of the
    /// blood-volume signal. Pulses longer than the period overlap: the faster the train, the higher its trough and
    /// the smaller its peak-to-peak swing.
    public func periodicTrainRange(periodS: Double) -> ClosedRange<Double> {
        let span = supportS + leadS
        let copies = Int((span / periodS).rounded(.up)) + 1
        var peak = 0.0, trough = Double.infinity
        var tau = 0.0
        while tau < periodS {
            var sum = 0.0
            for copy in -copies...copies { sum += value(at: tau + Double(copy) * periodS) }
            peak = max(peak, sum)
            trough = min(trough, sum)
            tau += 0.001
        }
        return min(trough, peak)...peak
    }
}
