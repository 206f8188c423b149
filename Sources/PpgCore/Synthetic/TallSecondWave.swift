/// A clean reading whose pulse has a second (dicrotic or reflected) wave nearly as tall as its systolic one, or
/// taller: heart rates 45–140 bpm, the second wave 0.7–1.2 times the systolic one and 0.25–0.45 s after it, the
/// default camera (a lit finger, ordinary noise) and a rhythm whose variability shrinks with the rate.
///
/// Where the second wave sits near half a period on (0.4 s at 70 bpm), the pulse is almost periodic at half its
/// period: the beat detector counts both waves evenly and the spectrum peaks at twice the rate, so the beats and
/// the spectrum agree on a rate twice the heart's. Every figure is drawn from `seed`, so a seed names one reading
/// for good.
public struct TallSecondWave: Sendable, Equatable {
    /// Seed of the draws and of the synthetic stream.
    public var seed: UInt64
    /// Mean heart rate, bpm.
    public var heartRateBpm: Double
    /// Height of the second wave over the systolic one.
    public var ratio: Double
    /// Time from the systolic to the second wave, s.
    public var delayS: Double

    /// Heart rates drawn, bpm.
    public static let heartRates: ClosedRange<Double> = 45...140
    /// Second-to-systolic height ratios drawn.
    public static let ratios: ClosedRange<Double> = 0.7...1.2
    /// Delays of the second wave drawn, s.
    public static let delays: ClosedRange<Double> = 0.25...0.45

    /// The reading that `seed` names.
    public init(seed: UInt64) {
        var random = SeededRandom(seed: seed, stream: 13)
        self.init(seed: seed, heartRateBpm: random.uniform(in: Self.heartRates),
                  ratio: random.uniform(in: Self.ratios), delayS: random.uniform(in: Self.delays))
    }

    /// A reading with the figures given (the stream still drawn from `seed`).
    public init(seed: UInt64, heartRateBpm: Double, ratio: Double, delayS: Double) {
        self.seed = seed
        self.heartRateBpm = heartRateBpm
        self.ratio = ratio
        self.delayS = delayS
    }

    /// A narrow systolic wave 0.13 s after the onset and the second wave `ratio` times as tall, `delayS` later.
    public var pulseShape: PulseShape {
        PulseShape(systolicAmplitude: 1, systolicCentreS: 0.13, systolicWidthS: 0.045,
                   diastolicAmplitude: ratio, diastolicCentreS: 0.13 + delayS, diastolicWidthS: 0.055)
    }

    /// The synthetic configuration of the reading (default camera, the rhythm's variability shrinking with the
    /// rate).
    public var configuration: SyntheticConfiguration {
        SyntheticConfiguration(seed: seed, rhythm: .rateScaled(heartRateBpm: heartRateBpm),
                               camera: CameraParameters(pulseShape: pulseShape))
    }
}
