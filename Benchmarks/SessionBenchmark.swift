// nfv-bench session: a whole 60 s reading through the session (simulated finger as fast as possible, then the
// replay of its recording), wall time against the 60 s of sample time it covers.

import Glibc
import NeurofitVitals

/// The `session` benchmark.
@MainActor let sessionBenchmark = Benchmark(
    name: "session",
    summary: "a 60 s reading as fast as possible (simulated finger, then replay of its recording), ms and × real time",
    run: { _ in SessionBenchmark.run() }
)

enum SessionBenchmark {
    static func run() {
        print("source                         fps  events  wall ms  × real time")
        for fps in [30, 60] {
            let path = "/tmp/nfv-bench-session-\(getpid()).nfvrec"
            defer { unlink(path) }
            measure("simulated finger, recording", fps: fps) { setup in
                setup.source = try SimulatorOptions(json: #"{"realTime":false,"fps":\#(fps)}"#).makeSource()
                setup.recordingPath = path
            }
            measure("replay of that recording", fps: fps) { setup in
                setup.source = try ReplaySource(path: path, realTime: false)
            }
        }
    }

    /// Runs one session set up by `setUp`, its events encoded to JSON as the C API delivers them.
    private static func measure(_ name: String, fps: Int, setUp: (inout SessionSetup) throws -> Void) {
        do {
            if (License.shared.activated == nil) { try activateForBenchmark() }
            var setup = SessionSetup()
            try setUp(&setup)
            var events = 0
            var covered = 0.0
            let seconds = try Stopwatch.time {
                let session = try Session(setup)
                try session.start()
                while case .event(let event) = try session.nextEvent(timeout: 30) {
                    events += event.json.isEmpty ? 0 : 1
                    if case .measurementComplete = event.event { covered = 60 }
                }
            }
            let speed = covered > 0 ? String(Int(covered / seconds)) + "×" : "(no result)"
            print(name.padded(31) + String(fps).padded(5) + String(events).padded(8)
                  + String(Int((seconds * 1000).rounded())).padded(9) + speed)
        } catch {
            print("\(name): \(error)")
        }
    }

    /// Replays need a license: the benchmark signs one with the test key (trusted by debug builds) or with
    /// `$NFV_BENCH_LICENSE_KEY` for release builds.
    private static func activateForBenchmark() throws {
        guard let key = getenv("NFV_BENCH_LICENSE_KEY") else {
            throw VitalsError.internalError("set NFV_BENCH_LICENSE_KEY to a key for the app id nfv-bench")
        }
        try License.shared.activate(keyText: String(cString: key), appId: "nfv-bench")
    }
}

