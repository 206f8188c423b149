import Testing
@testable import PpgCore

/// Fast heart rates (130–170 bpm). At 170 bpm the pulse's first harmonic leaves the heart band, so the spectral
/// peak search (largest P(f) + P(2f)) lands on half the rate: the harmonic ratio must resolve it, or the beat
/// train's right answer is thrown away as a disagreement.
struct FastHeartRateTests {
    private func analyze(_ heartRate: Double, camera: CameraParameters, seed: UInt64) throws
        -> (truth: Double, result: Result<AnalysisResult, AnalysisError>) {
        let reading = SyntheticReading(configuration: SyntheticConfiguration(
            seed: seed, rhythm: RhythmParameters(heartRateBpm: heartRate), camera: camera))
        let truth = try #require(reading.truth.metrics.heartRateBpm)
        return (truth, FinalAnalyzer().analyze(frames: reading.frames, motion: reading.motion))
    }

    @Test(arguments: [130.0, 150.0, 170.0])
    func aCleanFastPulseIsReadAtItsRateNotHalfOfIt(heartRate: Double) throws {
        let (truth, result) = try analyze(heartRate, camera: CameraParameters(), seed: UInt64(heartRate))
        let answer = try result.get()
        #expect(answer.quality != .withheld, "\(answer.flags)")
        #expect(abs(answer.heartRateBpm - truth) < 2)
        let spectral = try #require(answer.diagnostics.spectralHeartRateBpm)
        #expect(abs(spectral - truth) < 5, "spectral \(spectral)")
    }

    /// With 2 counts peak to peak, and with 2 counts at the pulse train's peak (about a third of it peak to peak).
    @Test(arguments: [130.0, 150.0, 170.0], [PulseScale.peakToPeak, .trainPeak])
    func aSaturatedFastPulseIsReadRightOrNotAtAll(heartRate: Double, pulseScale: PulseScale) throws {
        let camera = CameraParameters.saturatedDeadGreen(redDc: 248, pulseCounts: 2, pulseScale: pulseScale)
        let (truth, result) = try analyze(heartRate, camera: camera, seed: UInt64(heartRate) + 1)
        if case .success(let answer) = result, answer.quality != .withheld {
            #expect(abs(answer.heartRateBpm - truth) < 5)
        }
    }
}
