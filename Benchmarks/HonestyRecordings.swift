import Glibc
import PpgCore

/// Writes the saturated weak-pulse captures of the `honesty` benchmark (`SaturatedWeakPulse`) and their pulse-free
/// twins as whole recordings for `scripts/bench-replay`, which replays each through the live session: how many
/// start, how soon, how many complete, how close their heart rate is, and whether a pulse-free twin ever starts.
enum HonestyRecordings {
    /// The `honesty-recordings` entry of `nfv-bench` (arguments: DIR, then the number of captures, default 60, and
    /// their length in seconds, default 90; `corner` draws every capture's red and green levels from the hardest
    /// corner, red 248–253 and green 0–3, as `nfv-bench honesty corner` does).
    static var benchmark: Benchmark {
        Benchmark(name: "honesty-recordings",
                  summary: "write the saturated weak-pulse captures and pulse-free twins for scripts/bench-replay DIR",
                  run: { arguments in
                      guard let directory = arguments.first else {
                          print("usage: nfv-bench honesty-recordings DIR [COUNT] [SECONDS] [corner]")
                          return
                      }
                      let numbers = arguments.dropFirst().compactMap { Double($0) }
                      write(to: directory, count: Int(numbers.first ?? 60),
                            seconds: numbers.dropFirst().first ?? 90,
                            levels: arguments.contains("corner") ? .corner : .all)
                  })
    }

    /// Writes `count` captures (seeds 0…count−1, red and green drawn from `levels`) and as many twins, `seconds`
    /// long, with `manifest.jsonl`.
    private static func write(to directory: String, count: Int, seconds: Double, levels: HonestyBenchmark.Levels) {
        guard let manifest = fopen(directory + "/manifest.jsonl", "w") else {
            print("honesty-recordings: cannot write to \(directory)")
            return
        }
        defer { fclose(manifest) }
        for seed in 0..<UInt64(max(count, 1)) {
            let capture = levels.capture(seed: seed)
            let twin = capture.pulseFreeConfiguration
            let name = levels.red == HonestyBenchmark.Levels.corner.red ? "saturated-corner" : "saturated"
            for (dataset, configuration) in [(name, capture.configuration), (name + "-pulse-free", twin)] {
                let reading = SyntheticReading(configuration: configuration, durationS: seconds)
                let file = "\(dataset)_\(seed).csv"
                guard writeFrames(reading.frames, to: directory + "/" + file) else {
                    print("honesty-recordings: cannot write \(file)")
                    return
                }
                let beats = dataset == name ? reading.truth.beats.filter(\.isHeartbeat).map(\.cleanOnsetS) : []
                let rates = heartRateBySecond(beats: beats, seconds: seconds)
                fputs("{\"id\": \"\(dataset)_\(seed)\", \"file\": \"\(file)\", \"dataset\": \"\(dataset)\", "
                      + "\"recording\": \"seed_\(seed)\", \"duration_s\": \(seconds), "
                      + "\"ref_beat_t\": [\(beats.map { "\($0)" }.joined(separator: ", "))], "
                      + "\"ref_hr_series\": [\(rates.joined(separator: ", "))]}\n", manifest)
            }
        }
        print("wrote \(count) saturated weak-pulse captures (\(levels.description)) and \(count) pulse-free twins "
              + "(\(Int(seconds)) s each) to \(directory); score them with scripts/bench-replay \(directory)")
    }

    /// The reference heart rate of each second [t, t+1) as `[t, bpm]` pairs: 60 over the interval between the
    /// heartbeats around its middle.
    private static func heartRateBySecond(beats: [Double], seconds: Double) -> [String] {
        (0..<Int(seconds)).compactMap { second in
            let middle = Double(second) + 0.5
            guard let next = beats.firstIndex(where: { $0 > middle }), next > 0 else { return nil }
            return "[\(second), \(60 / (beats[next] - beats[next - 1]))]"
        }
    }

    private static func writeFrames(_ frames: [FrameSample], to path: String) -> Bool {
        guard let file = fopen(path, "w") else { return false }
        defer { fclose(file) }
        fputs("timestamp_s,red,green,blue\n", file)
        for frame in frames { fputs("\(frame.timestamp),\(frame.red),\(frame.green),\(frame.blue)\n", file) }
        return true
    }
}
