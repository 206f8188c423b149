import Glibc
import PpgCore

/// Cost of the engine's final analysis (and of its beat extraction) on a 60 s synthetic reading at 30 and 60 fps,
/// with a torch (only red usable), without (all three channels usable), and disturbed (its parts analysed too).
/// The live path is timed by `nfv-bench live` (engine-live). Set `NFV_BENCH_EXPORT_DIR` to also write the timed
/// readings as `engine_<fps>fps.csv` (for `scripts/bench-engine --peers`). Each time is printed as wall time and as
/// the thread's CPU time: on a shared machine the wall time also counts the time other processes hold the core.
enum EngineBenchmark {
    /// The `engine` entry of `nfv-bench`.
    static var benchmark: Benchmark {
        Benchmark(name: "engine",
                  summary: "final-analysis cost for a 60 s reading at 30 and 60 fps (target ≤ 5 ms); "
                      + "'engine rmssd [SEEDS]': RMSSD error on synthetic readings; "
                      + "'engine disturbed FPS RUNS': only the disturbed reading, RUNS times (for a profiler); "
                      + "'engine peer FPS': times the clean reading's analysis on request (scripts/bench-engine "
                      + "--peers interleaves it with NeuroKit2)",
                  run: { arguments in
                      if arguments.first == "disturbed" {
                          let fps = arguments.dropFirst().first.flatMap { Double($0) } ?? 60
                          let runs = arguments.dropFirst(2).first.flatMap { Int($0) } ?? 100
                          let frames = disturbedReading(fps: fps)
                          let cost = timedMilliseconds(runs: runs) { _ = FinalAnalyzer().analyze(frames: frames) }
                          print("disturbed, 60 s at \(Int(fps)) fps: \(describe(cost, runs: runs))")
                      } else if arguments.first == "peer" {
                          peerWorker(fps: arguments.dropFirst().first.flatMap { Double($0) } ?? 60)
                      } else if arguments.first == "rmssd" {
                          rmssdSweep(seeds: arguments.dropFirst().first.flatMap { Int($0) } ?? 4)
                      } else {
                          run(runs: arguments.first.flatMap { Int($0) } ?? 50)
                      }
                  })
    }

    private static func run(runs: Int) {
        for fps in [30.0, 60.0] {
            let reading = SyntheticReading(configuration: SyntheticConfiguration(
                seed: 1, camera: CameraParameters(framesPerSecond: fps)))
            export(reading.frames, fps: fps)
            let analyzer = FinalAnalyzer()
            let final = timedMilliseconds(runs: runs) { _ = analyzer.analyze(frames: reading.frames) }
            print("final analysis, 60 s at \(Int(fps)) fps: \(describe(final, runs: runs))")
            let signal = ReadingSignal(frames: reading.frames)
            let segments = signal.rawSegments(of: .red)
            let extractor = BeatExtractor()
            let beats = medianMilliseconds(runs: runs) {
                for (index, segment) in segments.enumerated() { _ = extractor.extract(segment, segmentIndex: index) }
            }
            let preparation = medianMilliseconds(runs: runs) {
                _ = ReadingSignal(frames: reading.frames).rawSegments(of: .red)
            }
            let stamps = reading.frames.map(\.timestamp)
            let captureNoise = medianMilliseconds(runs: runs) {
                _ = CaptureTimeNoise(stamps: stamps[...], sampleRate: fps)
            }
            print("  of which: resampling (red) \(format(preparation)) ms, beat extraction (one channel)",
                  "\(format(beats)) ms, capture-time noise model \(format(captureNoise)) ms,",
                  "\(reading.frames.count) frames")
            let ambient = ambientReading(fps: fps)
            let threeChannels = timedMilliseconds(runs: runs) { _ = analyzer.analyze(frames: ambient) }
            print("  without a torch (red, green and blue all usable, choice compares them):",
                  describe(threeChannels, runs: runs))
            let disturbed = disturbedReading(fps: fps)
            let parts = timedMilliseconds(runs: runs) { _ = analyzer.analyze(frames: disturbed) }
            print("  disturbed (finger placed in the first 5 s, a 3 s motion burst at 30 s: the whole is not",
                  "consistent and its parts are tried): \(describe(parts, runs: runs))")
        }
    }

    /// `engine peer FPS`: the final analysis of the clean reading of `run` at `fps`, timed on request, so that
    /// `scripts/bench-engine --peers` can interleave our calls with NeuroKit2's on the same reading, both measured
    /// alike. Exports the reading (`NFV_BENCH_EXPORT_DIR`), makes one untimed call, prints `ready`; then for each
    /// line `N` on standard input makes N timed calls and prints one line `{"cpu_ms": […], "wall_ms": […]}` (each
    /// call's thread CPU time and wall time). Ends at the end of its input.
    private static func peerWorker(fps: Double) {
        let reading = SyntheticReading(configuration: SyntheticConfiguration(
            seed: 1, camera: CameraParameters(framesPerSecond: fps)))
        export(reading.frames, fps: fps)
        let analyzer = FinalAnalyzer()
        _ = analyzer.analyze(frames: reading.frames)
        print("ready")
        fflush(nil)
        while let line = readLine(), let calls = Int(line.filter { !$0.isWhitespace }) {
            var cpu: [Double] = [], wall: [Double] = []
            for _ in 0..<max(calls, 0) {
                let start = now(), cpuStart = now(CLOCK_THREAD_CPUTIME_ID)
                _ = analyzer.analyze(frames: reading.frames)
                cpu.append((now(CLOCK_THREAD_CPUTIME_ID) - cpuStart) * 1000)
                wall.append((now() - start) * 1000)
            }
            let list = { (values: [Double]) in values.map { String($0) }.joined(separator: ", ") }
            print("{\"cpu_ms\": [\(list(cpu))], \"wall_ms\": [\(list(wall))]}")
            fflush(nil)
        }
    }

    /// A reading whose whole is not consistent, so that the final analysis tries its parts: the finger is
    /// still being placed for the first 5 s and a motion burst shakes it for 3 s in the middle (also counted by
    /// `nfv-bench work disturbed`).
    static func disturbedReading(fps: Double) -> [FrameSample] {
        SyntheticReading(configuration: SyntheticConfiguration(
            seed: 1, camera: CameraParameters(framesPerSecond: fps),
            scenario: [ScenarioSegment(startS: 0, durationS: 5, condition: .fingerLifted),
                       ScenarioSegment(startS: 30, durationS: 3, condition: .typicalMotion)])).frames
    }

    /// A reading without a torch ("no torch" levels with a pulse in every channel): every channel
    /// has a usable level, so the channel choice compares all three.
    private static func ambientReading(fps: Double) -> [FrameSample] {
        var camera = CameraParameters(framesPerSecond: fps)
        camera.dc = ChannelTriple(red: 120, green: 110, blue: 90)
        camera.acFraction = ChannelTriple(red: 0.004, green: 0.012, blue: 0.006)
        return SyntheticReading(configuration: SyntheticConfiguration(seed: 1, camera: camera)).frames
    }

    /// RMSSD minus the true RMSSD (realistic pulse and noise) over `seeds` readings per heart rate
    /// and frame rate: the bias the timing noise leaves, with the integer-frame estimate beside it.
    private static func rmssdSweep(seeds: Int) {
        print("RMSSD − truth on synthetic readings (60 s, broad pulse, clean defaults), \(seeds) seeds per cell;")
        print("mean (max |error|) in ms; 'fixed' = est_rmssd_fixed from integer-frame peaks; '-': no RMSSD returned;")
        print("the correction removes the RMSSD² share of camera noise (est_gm_applied, FinalAnalyzer.debiasedRmssd)")
        let rates = [45.0, 60.0, 75.0, 90.0, 105.0, 120.0]
        print("fps  " + rates.map { "\(Int($0)) bpm".padded(15) }.joined() + "all: bias   MAE    max    fixed bias")
        for fps in [20.0, 30.0, 60.0] {
            var line = "\(Int(fps))".padded(5)
            var all: [Double] = [], fixed: [Double] = [], applied = 0
            for rate in rates {
                var errors: [Double] = []
                for seed in 1...max(seeds, 1) {
                    let reading = SyntheticReading(configuration: SyntheticConfiguration(
                        seed: UInt64(seed), rhythm: RhythmParameters(heartRateBpm: rate),
                        camera: CameraParameters(framesPerSecond: fps)))
                    guard let truth = reading.truth.metrics.rmssd,
                          case .success(let result) = FinalAnalyzer().analyze(frames: reading.frames) else { continue }
                    if let rmssd = result.rmssdMs { errors.append(rmssd - truth) }
                    if let frame = result.diagnostics.estRmssdFixed { fixed.append(frame - truth) }
                    if result.diagnostics.estGmApplied == true { applied += 1 }
                }
                all += errors
                let cell = errors.isEmpty ? "-"
                    : "\(signed(Statistics.mean(errors) ?? 0)) (\(signed(errors.map(abs).max() ?? 0)))"
                line += cell.padded(15)
            }
            line += "     \(signed(Statistics.mean(all) ?? 0))  \(signed(Statistics.mean(all.map(abs)) ?? 0))"
                + "  \(signed(all.map(abs).max() ?? 0))   \(signed(Statistics.mean(fixed) ?? 0))"
                + "   (\(all.count) readings with RMSSD, noise correction applied in \(applied))"
            print(line)
        }
    }

    /// `value` with one decimal and its sign.
    private static func signed(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded >= 0 ? "+\(rounded)" : "\(rounded)"
    }

    /// Median wall time of `body` over `runs` calls, in milliseconds (after one warm-up call).
    private static func medianMilliseconds(runs: Int, _ body: () -> Void) -> Double {
        timedMilliseconds(runs: runs, body).median
    }

    /// Median and fastest wall time and median thread CPU time of `body` over `runs` calls, in milliseconds (after
    /// one warm-up call). The fastest run is what the code costs with the least interference from other load on
    /// the machine; the CPU time leaves out the time the thread waited for a core.
    private static func timedMilliseconds(runs: Int,
                                          _ body: () -> Void) -> (median: Double, fastest: Double, cpu: Double) {
        body()
        var times: [Double] = [], cpuTimes: [Double] = []
        for _ in 0..<max(runs, 1) {
            let start = now(), cpuStart = now(CLOCK_THREAD_CPUTIME_ID)
            body()
            times.append(now() - start)
            cpuTimes.append(now(CLOCK_THREAD_CPUTIME_ID) - cpuStart)
        }
        return ((Statistics.median(times) ?? 0) * 1000, (times.min() ?? 0) * 1000,
                (Statistics.median(cpuTimes) ?? 0) * 1000)
    }

    /// "W ms (median of N; fastest F ms; CPU C ms)".
    private static func describe(_ cost: (median: Double, fastest: Double, cpu: Double), runs: Int) -> String {
        "\(format(cost.median)) ms (median of \(runs); fastest \(format(cost.fastest)) ms; CPU \(format(cost.cpu)) ms)"
    }

    private static func now(_ clock: clockid_t = CLOCK_MONOTONIC) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private static func format(_ milliseconds: Double) -> String {
        String((milliseconds * 1000).rounded() / 1000)
    }

    /// Writes the frames as CSV to `$NFV_BENCH_EXPORT_DIR/engine_<fps>fps.csv` when the variable is set.
    private static func export(_ frames: [FrameSample], fps: Double) {
        guard let directory = getenv("NFV_BENCH_EXPORT_DIR").map({ String(cString: $0) }), !directory.isEmpty,
              let file = fopen(directory + "/engine_\(Int(fps))fps.csv", "w") else { return }
        defer { fclose(file) }
        fputs("timestamp_s,red,green,blue\n", file)
        for frame in frames {
            fputs("\(frame.timestamp),\(frame.red),\(frame.green),\(frame.blue)\n", file)
        }
    }
}
