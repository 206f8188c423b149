/// A capture from a phone whose torch drives red to the edge of clipping and leaves a pulse of about one count:
/// red frame means 241–254 from pixels that clip at 255, green 0–79 with at most a count of pulse, a pulse
/// whose dicrotic wave is as tall as its systolic one (0.8–1.2 of it), heart rates 60–140 bpm, frame noise of
/// 0.3–0.8 counts and, for half of the captures, frame means rounded to whole counts.
///
/// This is the signature that tempts a reader into double, half and sub-harmonic rates: the pulse's two humps put
/// as much power at twice the rate as at the rate, and noise of a third of the pulse leaves the beat train
/// ambiguous. Every figure is
/// drawn from `seed`, so a seed names one capture for good.
public struct SaturatedWeakPulse: Sendable, Equatable {
    /// Seed of the draws and of the synthetic stream.
    public var seed: UInt64
    /// Mean heart rate, bpm (60–140).
    public var heartRateBpm: Double
    /// Red frame-mean level before clipping, counts (241–254).
    public var redDc: Double
    /// Green level, counts (0–79).
    public var greenDc: Double
    /// Red pulse, peak to peak before clipping, counts (0.5–1.5).
    public var pulseCounts: Double
    /// Green pulse, peak to peak, counts (0 to greenDc/79).
    public var greenPulseCounts: Double
    /// Height of the dicrotic wave over the systolic one (0.8–1.2).
    public var dicroticRatio: Double
    /// Time from the systolic to the dicrotic wave at 60 bpm, s (0.22–0.32).
    public var dicroticDelayS: Double
    /// White noise on each red frame mean, counts (0.3–0.8).
    public var redNoise: Double
    /// Whether the frame means are rounded to whole counts.
    public var quantized: Bool

    /// Heart rates drawn, bpm.
    public static let heartRates: ClosedRange<Double> = 60...140
    /// Red levels drawn, counts.
    public static let redLevels: ClosedRange<Double> = 241...254
    /// Green levels drawn, counts.
    public static let greenLevels: ClosedRange<Double> = 0...79
    /// Red pulse sizes drawn, counts peak to peak.
    public static let pulseSizes: ClosedRange<Double> = 0.5...1.5
    /// Dicrotic-to-systolic height ratios drawn.
    public static let dicroticRatios: ClosedRange<Double> = 0.8...1.2

    /// The corner of those levels that the hardest phones sit in: red 248–253 counts, green 0–3 (no pulse to speak
    /// of in green; red all but clipped).
    public static let cornerRedLevels: ClosedRange<Double> = 248...253
    /// Green levels of that corner, counts.
    public static let cornerGreenLevels: ClosedRange<Double> = 0...3

    /// The capture that `seed` names, its red and green levels drawn from `redLevels` and `greenLevels` (by
    /// default the whole ranges; every other figure is drawn as with the defaults, so a seed keeps its rate, pulse
    /// and noise in any range of levels).
    public init(seed: UInt64, redLevels: ClosedRange<Double> = Self.redLevels,
                greenLevels: ClosedRange<Double> = Self.greenLevels) {
        var random = SeededRandom(seed: seed, stream: 11)
        self.seed = seed
        heartRateBpm = random.uniform(in: Self.heartRates)
        redDc = random.uniform(in: redLevels)
        greenDc = random.uniform(in: greenLevels)
        pulseCounts = random.uniform(in: Self.pulseSizes)
        greenPulseCounts = random.uniform(in: 0...1) * greenDc / Self.greenLevels.upperBound
        dicroticRatio = random.uniform(in: Self.dicroticRatios)
        dicroticDelayS = random.uniform(in: 0.22...0.32)
        redNoise = random.uniform(in: 0.3...0.8)
        quantized = random.chance(0.5)
    }

    /// A pulse of a narrow systolic wave and a dicrotic wave `ratio` times as tall, the dicrotic wave following
    /// the systolic one by `delayS` at 60 bpm, less the faster the heart beats, as ejection shortens (by 1 ms per
    /// bpm). With the longer delays the two waves sit about half a period apart at 90–110 bpm.
    public static func pulseShape(heartRateBpm: Double, dicroticRatio ratio: Double,
                                  delayS: Double) -> PulseShape {
        let systolicCentre = 0.13
        let delay = delayS - 0.001 * (heartRateBpm - 60)
        return PulseShape(systolicAmplitude: 1, systolicCentreS: systolicCentre, systolicWidthS: 0.045,
                          diastolicAmplitude: ratio, diastolicCentreS: systolicCentre + delay,
                          diastolicWidthS: 0.055)
    }

    /// The synthetic configuration of the capture (the rhythm's variability shrinking with the rate).
    public var configuration: SyntheticConfiguration {
        var camera = CameraParameters(
            dc: ChannelTriple(red: redDc, green: greenDc, blue: 10),
            acFraction: ChannelTriple(red: pulseCounts / redDc,
                                      green: greenDc > 0 ? greenPulseCounts / greenDc : 0, blue: 0.02),
            noise: ChannelTriple(red: redNoise, green: 0.2, blue: 0.1), pixelSpread: 3,
            pulseShape: Self.pulseShape(heartRateBpm: heartRateBpm, dicroticRatio: dicroticRatio,
                                        delayS: dicroticDelayS),
            pulseScale: .peakToPeak)
        camera.quantize = quantized
        return SyntheticConfiguration(seed: seed, rhythm: .rateScaled(heartRateBpm: heartRateBpm), camera: camera)
    }

    /// The same capture without its pulse (every channel's pulse set to zero; levels, noise and rounding kept): its
    /// pulse-free twin, on which any heart rate or reading start is a reading of noise.
    public var pulseFreeConfiguration: SyntheticConfiguration {
        var twin = configuration
        twin.camera.acFraction = ChannelTriple(all: 0)
        return twin
    }
}
