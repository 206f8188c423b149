import PpgCore

/// When the live start gate fills on saturated weak-pulse captures (`SaturatedWeakPulse`), on the same captures
/// without their pulse, and on camera noise over a steady finger-coloured light: the live analyzer alone, ticks judged
/// as the session's start gate judges them with the default configuration (`LiveStartRule.standard`). A pulse
/// should fill it, and soon enough for a 60 s reading; noise never.
enum LiveStartBenchmark {
    /// The `live-start` entry of `nfv-bench` (arguments: number of captures, default 60, seeds 0…N−1, the first half
    /// the tuning half; `corner` draws red 248–253 and green 0–3; `scenes N` sets the number of noise scenes per
    /// noise level, default 200, and `seconds S` their length, default `sceneSeconds`; `detail` lists every capture).
    static var benchmark: Benchmark {
        Benchmark(name: "live-start",
                  summary: "start-gate fills on saturated weak-pulse captures, their pulse-free twins and camera noise",
                  run: { arguments in
                      let levels = arguments.contains("corner") ? HonestyBenchmark.Levels.corner : .all
                      let count = arguments.first.flatMap { Int($0) } ?? 60
                      let scenes = NoiseScenes(count: value(after: "scenes", in: arguments).flatMap { Int($0) } ?? 200,
                                               seconds: value(after: "seconds", in: arguments) ?? sceneSeconds)
                      run(count: count, levels: levels, scenes: scenes, detail: arguments.contains("detail"))
                  })
    }

    /// Seconds of each capture and twin run through the analyzer.
    static let captureSeconds = 60.0
    /// Seconds of each noise scene, unless asked otherwise (`seconds S`).
    static let sceneSeconds = 40.0
    /// A fill later than this leaves too little of a 90 s capture for a 60 s reading.
    static let lateSeconds = 30.0
    /// Camera-noise levels of the scenes, counts (σ on each frame mean).
    static let noiseLevels = [0.2, 0.5]

    /// The time the default start gate (`LiveStartRule.standard`) opens on `frames`; nil if it never does.
    static func gateFill(_ frames: [FrameSample]) -> Double? {
        var analyzer = LiveAnalyzer()
        return LiveStartRule.standard.opening(in: frames.lazy.compactMap { analyzer.push($0).tick })
    }

    /// How many noise scenes to run per noise level, and how long each lasts (seconds).
    struct NoiseScenes {
        var count: Int
        var seconds: Double
    }

    /// The number following `flag` among `arguments`; nil when the flag or a number after it is missing.
    static func value(after flag: String, in arguments: [String]) -> Double? {
        guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return nil }
        return Double(arguments[index + 1])
    }

    private static func run(count: Int, levels: HonestyBenchmark.Levels, scenes: NoiseScenes, detail: Bool) {
        let seeds = 0..<UInt64(max(count, 2))
        var captureFills: [UInt64: Double] = [:], twinFills: [UInt64: Double] = [:]
        for seed in seeds {
            let capture = levels.capture(seed: seed)
            let twin = capture.pulseFreeConfiguration
            captureFills[seed] = gateFill(SyntheticReading(configuration: capture.configuration,
                                                           durationS: captureSeconds).frames)
            twinFills[seed] = gateFill(SyntheticReading(configuration: twin, durationS: captureSeconds).frames)
            if detail {
                let fill = captureFills[seed].map { "fills at \(Int($0)) s" } ?? "never fills"
                print("  seed \(seed): \(Int(capture.heartRateBpm)) bpm, red \(Int(capture.redDc)), green "
                      + "\(Int(capture.greenDc)), pulse \(BenchmarkTable.decimal(capture.pulseCounts, places: 2)) counts: \(fill)"
                      + (twinFills[seed].map { "; its twin fills at \(Int($0)) s" } ?? ""))
            }
        }
        let half = UInt64(seeds.count / 2)
        print("Start-gate fills on the live analyzer (\(levels.description), \(Int(captureSeconds)) s each; "
              + "tuning seeds 0–\(half - 1), held out \(half)–\(seeds.count - 1))")
        print("| seeds | captures filling (≤ 10 s, ≤ \(Int(lateSeconds)) s) | pulse-free twins filling |")
        print("| - | - | - |")
        for (label, range) in [("tuning", 0..<half), ("held out", half..<UInt64(seeds.count)),
                               ("all", 0..<UInt64(seeds.count))] {
            let fills = range.compactMap { captureFills[$0] }
            let twins = range.compactMap { twinFills[$0] }.count
            print("| \(label) | \(fills.count) of \(range.count) (\(fills.filter { $0 <= 10 }.count), "
                  + "\(fills.filter { $0 <= lateSeconds }.count)) | \(twins) of \(range.count) |")
        }
        for noise in noiseLevels {
            let filled = (0..<UInt64(scenes.count)).compactMap { seed in
                gateFill(CameraNoiseScene.frames(seed: seed, noise: noise, seconds: scenes.seconds)).map { (seed, $0) }
            }
            let listed = filled.map { "\($0.0) (at \(Int($0.1)) s)" }.joined(separator: ", ")
            print("camera noise of \(noise) counts on a finger-coloured light: the gate fills in \(filled.count) of "
                  + "\(scenes.count) scenes (\(Int(scenes.seconds)) s)" + (filled.isEmpty ? "" : ": seeds \(listed)"))
        }
    }
}
