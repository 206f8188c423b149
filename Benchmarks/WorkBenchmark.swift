import Glibc
import PpgCore

/// `nfv-bench work final|live FPS RUNS`: the engine's work on the 60 s synthetic reading of `nfv-bench engine`
/// (seed 1) and nothing else — no clock, one line of output — for an instruction counter (scripts/bench-instructions
/// runs it under valgrind's callgrind on x86_64 and under qemu on arm64). `final`: the final analysis, RUNS times;
/// `live`: the reading's frames and motion samples pushed through a new LiveAnalyzer, RUNS times (the live path).
/// The counts of two RUNS values differ by the work of the extra runs alone (start-up and the reading's synthesis
/// cancel out).
enum WorkBenchmark {
    /// The `work` entry of `nfv-bench`.
    static var benchmark: Benchmark {
        Benchmark(name: "work",
                  summary: "'work final|live FPS RUNS': the final analysis or the live path on a 60 s reading, RUNS "
                      + "times, untimed (for an instruction counter: scripts/bench-instructions)",
                  run: { arguments in run(arguments) })
    }

    /// Without arguments (`nfv-bench` running every benchmark): each part once at 30 fps.
    private static func run(_ arguments: [String]) {
        if arguments.isEmpty {
            for part in ["final", "live"] { work(part, fps: 30, runs: 1) }
            return
        }
        guard arguments.count == 3, ["final", "live"].contains(arguments[0]),
              let fps = Double(arguments[1]), let runs = Int(arguments[2]), runs >= 0 else {
            print("usage: nfv-bench work final|live FPS RUNS")
            exit(2)
        }
        work(arguments[0], fps: fps, runs: runs)
    }

    /// Runs one part RUNS times and prints what the runs found (so that none can be optimised away).
    private static func work(_ part: String, fps: Double, runs: Int) {
        let reading = SyntheticReading(configuration: SyntheticConfiguration(
            seed: 1, camera: CameraParameters(framesPerSecond: fps)))
        var found = 0.0
        for _ in 0..<runs {
            found += part == "final" ? finalAnalysis(reading) : livePath(reading)
        }
        print("work \(part), 60 s at \(Int(fps)) fps, \(runs) runs, \(reading.frames.count) frames: \(found)")
    }

    /// The heart rate of the final analysis (0 when it fails).
    private static func finalAnalysis(_ reading: SyntheticReading) -> Double {
        guard case .success(let result) = FinalAnalyzer().analyze(frames: reading.frames) else { return 0 }
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
