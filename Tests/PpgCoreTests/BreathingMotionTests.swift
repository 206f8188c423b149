import PpgCore
import Testing

/// The accelerometer channel and how it combines with the camera.
struct BreathingMotionTests {
    private let estimator = BreathingRateEstimator()

    @Test(arguments: [9.0, 15.0, 21.0])
    func detectsBreathingTiltAndReportsItAsHigh(breathingRate: Double) throws {
        for seed: UInt64 in 1...3 {
            let signals = BreathingTestSignals(breathingRate: breathingRate)
            let samples = signals.motion(seed: seed)
            let input = BreathingInput(beats: signals.beats(seed: seed), motion: samples, windowStart: 0, windowEnd: 60)
            let analysis = estimator.analyze(input)
            let motion = try #require(analysis.motion)
            #expect(abs(motion.brpm - breathingRate) < 0.5, "seed \(seed): \(motion)")
            #expect(motion.concentration >= 0.5, "seed \(seed): \(motion)")
            let rate = try #require(analysis.rate)
            #expect(rate.tier == .high)
            #expect(rate.brpm == motion.brpm)
            #expect(analysis.motionSamples == samples.filter { (0.0...60.0).contains($0.timestamp) }.count)
        }
    }

    @Test func motionAloneIsTrustedWhenConcentrated() throws {
        let signals = BreathingTestSignals(breathingRate: 12)
        let input = BreathingInput(beats: [], motion: signals.motion(seed: 4), windowStart: 0, windowEnd: 60)
        let analysis = estimator.analyze(input)
        #expect(analysis.camera == nil)
        let rate = try #require(analysis.rate)
        #expect(rate.tier == .high)
        #expect(abs(rate.brpm - 12) < 0.5)
    }

    @Test func ignoresMotionThatDisagreesWithTheCamera() throws {
        for seed: UInt64 in 1...3 {
            let signals = BreathingTestSignals(breathingRate: 10)
            let input = BreathingInput(beats: signals.beats(seed: seed), motion: signals.motion(seed: seed, rate: 18),
                                       windowStart: 0, windowEnd: 60)
            let analysis = estimator.analyze(input)
            let motion = try #require(analysis.motion)
            #expect(abs(motion.brpm - 18) < 0.5, "the diagnostics keep the motion estimate")
            let rate = try #require(analysis.rate)
            #expect(rate.tier != .high, "seed \(seed)")
            #expect(abs(rate.brpm - 10) < 1, "seed \(seed): \(rate.brpm)")
        }
    }

    @Test func ignoresMotionWithoutAClearPeak() throws {
        for seed: UInt64 in 1...3 {
            let signals = BreathingTestSignals(breathingRate: 15)
            let input = BreathingInput(beats: signals.beats(seed: seed),
                                       motion: signals.motion(seed: seed, tiltDegrees: 0),
                                       windowStart: 0, windowEnd: 60)
            let analysis = estimator.analyze(input)
            let motion = try #require(analysis.motion, "noise still has a highest peak")
            #expect(motion.concentration < 0.5, "seed \(seed): \(motion)")
            let rate = try #require(analysis.rate)
            #expect(rate.tier == .medium, "seed \(seed): \(rate)")
        }
    }

    @Test func theSwitchTurnsTheChannelOff() throws {
        let signals = BreathingTestSignals(breathingRate: 15)
        let input = BreathingInput(beats: signals.beats(seed: 1), motion: signals.motion(seed: 1),
                                   windowStart: 0, windowEnd: 60)
        let analysis = BreathingRateEstimator(configuration: BreathingConfiguration(motionBreathing: false))
            .analyze(input)
        #expect(analysis.motion == nil)
        #expect(analysis.motionSamples == 0)
        #expect(try #require(analysis.rate).tier == .medium)
    }

    @Test func bridgesShortDropoutsAndCountsOnlyTheWindow() throws {
        let signals = BreathingTestSignals(breathingRate: 15, duration: 70)
        let motion = signals.motion(seed: 2).filter { !(20.0..<20.6).contains($0.timestamp) }
        let input = BreathingInput(beats: [], motion: motion, windowStart: 5, windowEnd: 65)
        let analysis = estimator.analyze(input)
        #expect(analysis.motionSamples == motion.filter { (5.0...65.0).contains($0.timestamp) }.count)
        let estimate = try #require(analysis.motion)
        #expect(abs(estimate.brpm - 15) < 0.5)
    }
}
