import Testing
@testable import PpgCore

/// The consistency gate on whole synthetic readings.
struct ConsistencyGateReadingTests {
    /// The synthetic fingertip pulse has a broad systolic top, so at 20 fps its peaks are timed worse than its
    /// upstrokes; at a low true variability that alone pulled Pearson's r between the two below 0.7. The gate now
    /// asks only whether the peaks confirm the upstroke intervals: such readings keep their RMSSD, and it is close.
    @Test func poorlyTimedPeaksDoNotWithholdAGoodUpstrokeSeries() throws {
        let formerLimit = 0.7  // the r the gate used to require
        var keptDespiteLowR: [Double] = []
        for heartRate in [75.0, 100.0] {
            for seed: UInt64 in 1...6 {
                let rhythm = RmssdNoiseFloorTests.lowVariability(heartRateBpm: heartRate)
                let configuration = SyntheticConfiguration(seed: seed, rhythm: rhythm,
                                                           camera: CameraParameters(framesPerSecond: 20))
                let reading = SyntheticReading(configuration: configuration)
                let result = try FinalAnalyzer().analyze(frames: reading.frames).get()
                let truth = try #require(reading.truth.metrics.rmssd)
                let rPs = try #require(result.diagnostics.gateRPs)
                let share = try #require(result.diagnostics.gateUpstrokeShare)
                #expect(result.flags.contains("gate_veto:upstroke_share") == (share < 0.7))
                guard let rmssd = result.rmssdMs else { continue }
                #expect(abs(rmssd - truth) < 5, "\(heartRate) bpm, seed \(seed)")
                if rPs < formerLimit { keptDespiteLowR.append(rmssd - truth) }
            }
        }
        print("RMSSD errors of readings kept with r_ps < 0.7: \(keptDespiteLowR)")
        #expect(keptDespiteLowR.count >= 3)
        #expect(TestStatistics.mean(keptDespiteLowR.map(abs)) < 3)
    }
}
