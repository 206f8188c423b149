import Glibc
import Testing
@testable import PpgCore

/// The fold of a faint pulse at candidate periods (`PulseFold`) and the rate it stands for (`FoldedRate`): a
/// pulse whose dicrotic wave is as tall as its systolic one is read at its rate, not at twice it; noise and a
/// numerically constant channel give no rate.
struct PulseFoldTests {
    /// A band-passed 60 s channel at 30 fps: beats at `heartRate` (±1 % of slow wander) of a systolic wave and a
    /// dicrotic one `dicroticRatio` as tall `dicroticDelay` s later, `pulse` counts tall, under white noise.
    static func pulses(heartRate: Double, pulse: Double, noise: Double, dicroticRatio: Double = 1,
                       dicroticDelay: Double = 0.3, seed: UInt64 = 1) -> [UniformSegment] {
        var random = SeededRandom(seed: seed, stream: 3)
        var onsets: [Double] = [-2]
        while onsets.last! < 62 {
            let t = onsets.last!
            onsets.append(t + 60 / heartRate * (1 + 0.01 * sin(2 * Double.pi * 0.1 * t)))
        }
        let wave = { (tau: Double) in
            exp(-0.5 * pow((tau - 0.13) / 0.045, 2))
                + dicroticRatio * exp(-0.5 * pow((tau - 0.13 - dicroticDelay) / 0.055, 2))
        }
        let samples = (0..<1800).map { index -> Double in
            let t = Double(index) / 30
            let volume = onsets.reduce(0.0) { $0 + ((t - $1) >= 0 && (t - $1) < 1.2 ? wave(t - $1) : 0) }
            return 240 - pulse * volume + random.gaussian(sd: noise)
        }
        return [BeatExtractor().pulseWaveform(UniformSegment(startTime: 0, sampleRate: 30, samples: samples))]
    }

    static func noise(seed: UInt64) -> [UniformSegment] { pulses(heartRate: 70, pulse: 0, noise: 0.5, seed: seed) }

    @Test func aPulseFoldsCoherentlyAndNoiseDoesNot() throws {
        let pulse = Self.pulses(heartRate: 80, pulse: 1, noise: 0.4)
        let fold = try #require(PulseFold.searched(pulses: pulse, aroundPeriod: 60 / 81))
        #expect(fold.coherence >= FoldedRate.minimumCoherence, "\(fold.coherence)")
        #expect(abs(60 / fold.periodSeconds - 80) <= 1, "\(60 / fold.periodSeconds)")
        for seed in UInt64(1)...10 {
            let noise = try #require(PulseFold.searched(pulses: Self.noise(seed: seed), aroundPeriod: 60 / 80))
            #expect(noise.coherence < FoldedRate.minimumCoherence, "seed \(seed): \(noise.coherence)")
        }
    }

    /// The coarse-then-fine search finds the fold that folding at every step of the range finds, on pulses whose
    /// candidate is off their rate by up to 2 %.
    @Test(arguments: [(60.0, 61.0), (80, 79), (100, 102), (120, 118.5), (140, 141)])
    func theSearchFindsTheFoldOfEveryStep(heartRate: Double, candidateBpm: Double) throws {
        let pulse = Self.pulses(heartRate: heartRate, pulse: 1, noise: 0.4)
        let steps = Int((PulseFold.periodSearch / PulseFold.periodStep).rounded())
        let full = try #require(PulseFold.mostCoherent(pulses: pulse, aroundPeriod: 60 / candidateBpm,
                                                       steps: Array(-steps...steps)))
        #expect(PulseFold.searched(pulses: pulse, aroundPeriod: 60 / candidateBpm) == full.fold)
    }

    /// Folded at twice its period a cycle is two equal halves; at its own period it is not; folded at a third of
    /// it the template averages three different thirds, which the fold at three times that period shows.
    @Test func theFoldsShapeTellsARateFromItsMultiples() throws {
        let pulse = Self.pulses(heartRate: 75, pulse: 1.5, noise: 0.3)
        let period = try #require(PulseFold.searched(pulses: pulse, aroundPeriod: 0.8)).periodSeconds
        let own = try #require(PulseFold(pulses: pulse, periodSeconds: period))
        let twice = try #require(PulseFold(pulses: pulse, periodSeconds: 2 * period))
        let thrice = try #require(PulseFold(pulses: pulse, periodSeconds: 3 * period))
        #expect(own.selfSimilarity(parts: 2) < FoldedRate.distinctHalvesSimilarity, "\(own.selfSimilarity(parts: 2))")
        #expect(twice.selfSimilarity(parts: 2) >= FoldedRate.equalHalvesSimilarity)
        #expect(thrice.selfSimilarity(parts: 3) >= FoldedRate.equalThirdsSimilarity)
        let third = try #require(PulseFold(pulses: pulse, periodSeconds: period / 3))
        #expect(!FoldedRate.harmonicRuledOut(pulses: pulse, fold: third, parts: 3,
                                              similarity: FoldedRate.equalThirdsSimilarity))
    }

    /// A dicrotic wave as tall as the systolic one half a cycle on puts the spectrum's peak at twice the rate;
    /// the fold reads the rate itself, at 60–100 bpm, where twice it is still a heart rate.
    @Test(arguments: [62.0, 78, 95])
    func aDicroticPulseIsReadAtItsRateNotTwiceIt(heartRate: Double) throws {
        let pulse = Self.pulses(heartRate: heartRate, pulse: 1, noise: 0.4, dicroticRatio: 1.1,
                                dicroticDelay: 0.42 * 60 / heartRate)
        var plans = FourierPlans()
        let rate = try #require(FoldedRate(channels: [(.red, pulse)], plans: &plans))
        #expect(abs(rate.rateBpm - heartRate) <= 2, "\(rate.rateBpm)")
        #expect(rate.channel == .red)
        #expect(FoldedRate.standing(pulses: pulse, candidateBpm: 2 * heartRate, channel: .red) == nil)
    }

    /// A fast pulse whose dicrotic wave sits half a cycle on is periodic at half its period: folded at five of
    /// those halves (two fifths of its rate, below the band's twice-the-rate checks) it folds coherently into two
    /// distinct halves, its fifth harmonic the strongest, and that rate does not stand.
    @Test func fiveHalfBeatsOfAFastPulseAreNoRate() throws {
        let fast = Self.pulses(heartRate: 138, pulse: 1, noise: 0.3, dicroticRatio: 1, dicroticDelay: 0.5 * 60 / 138)
        let fifths = try #require(PulseFold.searched(pulses: fast, aroundPeriod: 2.5 * 60 / 138))
        #expect(fifths.strongestHarmonic == 5)
        #expect(fifths.coherence >= FoldedRate.minimumCoherence, "\(fifths.coherence)")
        #expect(FoldedRate.standing(pulses: fast, candidateBpm: 0.4 * 138, channel: .red) == nil)
    }

    /// A pulse whose second wave, as tall as the systolic one, sits a third of a cycle on folds coherently at 1.5
    /// times its rate as well; it still stands at its rate.
    @Test(arguments: [60.0, 75, 90])
    func aSecondWaveAThirdOfACycleOnStandsAtItsRate(heartRate: Double) throws {
        let pulse = Self.pulses(heartRate: heartRate, pulse: 1, noise: 0.3, dicroticRatio: 1.1,
                                dicroticDelay: 20 / heartRate)
        let rate = try #require(FoldedRate.standing(pulses: pulse, candidateBpm: heartRate, channel: .red))
        #expect(abs(rate.rateBpm - heartRate) <= 1, "\(rate.rateBpm)")
    }

    @Test func noiseAndAConstantChannelHaveNoRate() {
        var plans = FourierPlans()
        for seed in UInt64(1)...10 {
            let rate = FoldedRate(channels: [(.red, Self.noise(seed: seed))], plans: &plans)
            #expect(rate == nil, "seed \(seed): \(String(describing: rate))")
        }
        let constant = BeatExtractor().pulseWaveform(UniformSegment(startTime: 0, sampleRate: 30,
                                                                    samples: [Double](repeating: 255, count: 1800)))
        #expect(FoldedRate(channels: [(.red, [constant])], plans: &plans) == nil)
    }
}
