import Glibc
import PpgCore
import Testing

struct LiveScratchTests {
    func show(_ name: String, _ configuration: SyntheticConfiguration, duration: Double = 40) {
        let reading = SyntheticReading(configuration: configuration, durationS: duration)
        let run = LiveRun(reading)
        let ticks = run.ticks
        print("== \(name): beats \(run.beats.count) truth \(reading.trueBeatTimes(in: 0...duration).count) nilIbi \(run.beats.filter { $0.ibiMs == nil }.map { Int($0.time) })")
        print("  contact: \(ticks.map { $0.contact ? 1 : 0 })")
        print("  q: \(ticks.map { $0.qualityScore.map { Int($0 * 100) } ?? -1 })")
        print("  hr: \(ticks.map { $0.heartRateBpm.map { Int($0.rounded()) } ?? -1 })")
        print("  est: \(ticks.map { (t: LiveTick) -> String in switch t.estimate { case .none: return "-"; case .withheld(let r): return "w\(Int(r * 100))"; case .accepted(let r): return "a\(Int(r * 100))" } })")
        print("  amp: \(ticks.map { Int($0.amplitude * 10) }) sat \(ticks.map { Int($0.saturationFraction * 100) })")
        print("  fps \(ticks.map { Int($0.measuredFps.rounded()) })")
    }

    @Test func explore() {
        show("demo", SyntheticConfiguration(seed: 1, scenario: ScenarioSegment.demonstrationSession), duration: 60)
        show("noise", SyntheticConfiguration(seed: 2, scenario: [ScenarioSegment(startS: 10, durationS: 20, condition: .pureNoise(sd: 0.5))]))
        show("noise2", SyntheticConfiguration(seed: 2, scenario: [ScenarioSegment(startS: 10, durationS: 20, condition: .pureNoise(sd: 2))]))
        show("motion", SyntheticConfiguration(seed: 3, scenario: [10, 15, 20, 25].map { ScenarioSegment(startS: $0, durationS: 2, condition: .typicalMotion) }))
        show("af", SyntheticConfiguration(seed: 4, scenario: [ScenarioSegment(startS: 0, durationS: 40, condition: .typicalAF)]))
        show("drops", SyntheticConfiguration(seed: 5, camera: CameraParameters(singleDropProbability: 0.02, burstDropProbability: 0.01), scenario: [ScenarioSegment(startS: 20, durationS: 2, condition: .frameStall)]))
    }
}
