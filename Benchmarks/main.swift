// nfv-bench: benchmarks that print figures (run: swift run -c release nfv-bench [NAME…]).
// Each benchmark registers itself in `benchmarks` below; with no argument, all of them run.

import Glibc

/// A named benchmark: prints its own figures to standard output.
struct Benchmark {
    let name: String
    let summary: String
    let run: ([String]) -> Void
}

/// Every benchmark, in the order `nfv-bench` runs them.
let benchmarks: [Benchmark] = [
    frameReducerBenchmark,
    BreathingBenchmark.benchmark,
    RrEngineBenchmark.benchmark,
    RmssdBiasBenchmark.benchmark,
    LiveBenchmark.benchmark,
    EngineBenchmark.benchmark,
    HonestyBenchmark.benchmark,
    HonestyRecordings.benchmark,
    HonestyWindowBenchmark.benchmark,
    LiveStartBenchmark.benchmark,
    TallWaveBenchmark.benchmark,
    FoldBenchmark.benchmark,
    WorkBenchmark.benchmark,
    sessionBenchmark,
    cameraBenchmark,
]

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--list" || arguments.first == "-h" || arguments.first == "--help" {
    print("usage: nfv-bench [NAME [ARGS…]]\n")
    for benchmark in benchmarks { print("  \(benchmark.name)\t\(benchmark.summary)") }
} else if let name = arguments.first {
    guard let benchmark = benchmarks.first(where: { $0.name == name }) else {
        print("nfv-bench: unknown benchmark '\(name)' (see --list)")
        exit(2)
    }
    benchmark.run(Array(arguments.dropFirst()))
} else {
    for benchmark in benchmarks {
        print("== \(benchmark.name): \(benchmark.summary)")
        benchmark.run([])
    }
}
