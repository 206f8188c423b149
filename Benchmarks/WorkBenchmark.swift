import Glibc
import PpgCore

/// `nfv-bench work final|disturbed|live FPS RUNS`: the engine's work on the 60 s synthetic readings of `nfv-bench
/// engine` (seed 1) and nothing else — no clock, one line of output — for an instruction counter
/// (scripts/bench-instructions runs it under valgrind's callgrind on x86_64 and under qemu on arm64,
/// scripts/bench-engine under callgrind beside the times). `final`: the final analysis of the clean reading, RUNS
/// times; `disturbed`: the final analysis of the disturbed reading (its parts tried), RUNS times; `live`: the clean
/// reading's frames and motion samples pushed through a new LiveAnalyzer, RUNS times (the live path).
/// The counts of two RUNS values differ by the work of the extra runs alone (start-up and the reading's synthesis
/// cancel out).
enum WorkBenchmark {
    /// The `work` entry of `nfv-bench`.
    static var benchmark: Benchmark {
        Benchmark(name: "work",
                  summary: "'work final|disturbed|live FPS RUNS': the final analysis (of the clean or the disturbed "
                      + "reading) or the live path on a 60 s reading, RUNS times, untimed (for an instruction "
                      + "counter: scripts/bench-instructions, scripts/bench-engine)",
                  run: { arguments in run(arguments) })
    }

    /// Without arguments (`nfv-bench` running every benchmark): each part once at 30 fps.
    private static func run(_ arguments: [String]) {
        if arguments.isEmpty {
            for part in ["final", "live"] { work(part, fps: 30, runs: 1) }
            return
        }
        guard arguments.count == 3, ["final", "disturbed", "live"].contains(arguments[0]),
              let fps = Double(arguments[1]), let runs = Int(arguments[2]), runs >= 0 else {
            print("usage: nfv-bench work final|disturbed|live FPS RUNS")
            exit(2)
        }
        work(arguments[0], fps: fps, runs: runs)
    }

    /// Runs one part RUNS times and prints what the runs found (so that none can be optimised away).
    private static func work(_ part: String, fps: Double, runs: Int) {
        let reading = SyntheticReading(configuration: SyntheticConfiguration(
            seed: 1, camera: CameraParameters(framesPerSecond: fps)))
        let frames = part == "disturbed" ? EngineBenchmark.disturbedReading(fps: fps) : reading.frames
        var found = 0.0
        for _ in 0..<runs {
            found += part == "live" ? livePath(reading) : finalAnalysis(frames)
        }
        print("work \(part), 60 s at \(Int(fps)) fps, \(runs) runs, \(frames.count) frames: \(found)")
    }

    /// The heart rate of the final analysis of `frames` (0 when it fails).
    private static func finalAnalysis(_ frames: [FrameSample]) -> Double {
        guard case .success(let result) = FinalAnalyzer().analyze(frames: frames) else { return 0 }
        return result.heartRateBpm
    }

    /// The number of beats the live path confirmed.
    private static func livePath(_ reading: SyntheticReading) -> Double {
        var analyzer = LiveAnalyzer()
        var motionIndex = 0, beats = 0
        for frame in reading.frames {
            while motionIndex < reading.motion.count && reading.motion[motionIndex].timestamp <= frame.timestamp {
                analyzer.push(reading.motion[motionIndex])
                motionIndex += 1
            }
            beats += analyzer.push(frame).beats.count
        }
        return Double(beats)
    }
}
