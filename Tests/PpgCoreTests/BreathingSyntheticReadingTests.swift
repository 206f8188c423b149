import PpgCore
import Testing

/// The estimator on readings from the engine's synthetic finger (`SyntheticReading`): beats at the true onsets,
/// amplitude and beat-mean intensity measured on the red frame means, the synthetic accelerometer as motion.
struct BreathingSyntheticReadingTests {
    @Test(arguments: [8.0, 12.0, 18.0, 24.0])
    func recoversTheGeneratorsBreathingRate(breathingRate: Double) throws {
        for seed: UInt64 in 1...3 {
            let rhythm = RhythmParameters(heartRateBpm: 60 + 5 * Double(seed), breathingRateBrpm: breathingRate)
            let reading = SyntheticReading(configuration: SyntheticConfiguration(seed: seed, rhythm: rhythm))
            let beats = BreathingBeatExtractor.beats(of: reading)
            let analysis = BreathingRateEstimator().analyze(
                BreathingInput(beats: beats, motion: reading.motion, windowStart: 0, windowEnd: 60))
            let camera = try #require(analysis.camera, "seed \(seed)")
            #expect(abs(camera.brpm - breathingRate) < 1, "seed \(seed): \(camera.modulations)")
            if breathingRate >= BreathingRateEstimatorTests.slowestMediumRate {
                #expect(camera.confidence >= BreathingConfiguration().mediumConfidence, "seed \(seed): \(camera)")
            }
            let motion = try #require(analysis.motion, "seed \(seed)")
            #expect(abs(motion.brpm - breathingRate) < 0.5, "seed \(seed): \(motion)")
            #expect(analysis.rate?.tier == .high, "seed \(seed)")
        }
    }

    /// The generator's Mayer wave is a pure 0.1 Hz sine in the intervals that also reaches amplitude and intensity
    /// (a longer interval fills a bigger pulse): spectrally it is breathing at 6 brpm, so it is switched off here.
    @Test func withoutRespiratoryModulationTheCameraIsNotMedium() {
        for seed: UInt64 in 1...6 {
            let rhythm = RhythmParameters(rsaAmplitudeMs: 0, lfAmplitudeMs: 0)
            var camera = CameraParameters()
            camera.riiv = 0
            camera.riav = 0
            let reading = SyntheticReading(configuration: SyntheticConfiguration(
                seed: seed, rhythm: rhythm, camera: camera, motion: MotionParameters(breathingAmplitude: 0)))
            let analysis = BreathingRateEstimator().analyze(BreathingInput(
                beats: BreathingBeatExtractor.beats(of: reading), motion: reading.motion,
                windowStart: 0, windowEnd: 60))
            if let rate = analysis.rate {
                #expect(rate.tier == .low, "seed \(seed): \(rate), motion \(String(describing: analysis.motion))")
            }
        }
    }
}
