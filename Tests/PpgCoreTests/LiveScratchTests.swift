import Glibc
import PpgCore
import Testing

struct LiveScratchTests {
    @Test func explore() {
        for fps in [20.0, 30.0, 60.0] {
            for seed in UInt64(1)...3 {
                let reading = SyntheticReading(configuration: SyntheticConfiguration(
                    seed: seed, camera: CameraParameters(framesPerSecond: fps)))
                let run = LiveRun(reading)
                let truth = reading.trueBeatTimes(in: 2...58)
                var errors: [Double] = []
                var unmatched = 0
                for t in truth {
                    let m = run.beats.filter { abs($0.time - t) < 0.1 }
                    if m.count == 1 { errors.append(m[0].time - t) } else { unmatched += 1 }
                }
                let extra = run.beats.filter { b in b.time > 2 && b.time < 58 && !truth.contains { abs($0 - b.time) < 0.1 } }.count
                let mean = errors.reduce(0, +) / Double(errors.count)
                let sd = (errors.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(errors.count)).squareRoot()
                print("fps \(fps) seed \(seed): beats \(run.beats.count) truth \(truth.count) unmatched \(unmatched) extra \(extra) err mean \(mean * 1000) sd \(sd * 1000) ms")
                let ticks = run.ticks
                print("  ticks \(ticks.count) q: \(ticks.map { $0.qualityScore.map { Int($0 * 100) } ?? -1 })")
                print("  hr: \(ticks.map { $0.heartRateBpm.map { Int($0.rounded()) } ?? -1 })")
                print("  rmssd: \(ticks.map { $0.rmssdMs.map { Int($0.rounded()) } ?? -1 }) truth \(reading.truth.metrics.rmssd!)")
                print("  br: \(ticks.map { $0.breathingRateBrpm.map { Int($0.rounded()) } ?? -1 })")
                print("  est: \(ticks.map { $0.estimate.discardRatio.map { Int($0 * 100) } ?? -1 })")
                print("  amp: \(ticks.map { Int($0.amplitude * 10) }) fps \(ticks.map { Int($0.measuredFps.rounded()) })")
            }
        }
    }
}
