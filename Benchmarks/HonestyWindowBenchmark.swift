import PpgCore

/// Whether the final analysis is ever confidently wrong on shifted 60 s windows of the saturated weak-pulse
/// captures (`SaturatedWeakPulse`, 90 s each): the windows starting at 0, 2.5, …, 30 s of every capture, each
/// analysed alone as `nfv analyze` analyses a cut recording, judged against the capture's true rate over that window
/// (`HeartRateVerdict`), and the same windows of its pulse-free twin, which must never get a heart rate at quality
/// ≥ usable. `honesty` analyses one window per capture; a rate the fold or a channel gets wrong from some starts
/// only shows here.
enum HonestyWindowBenchmark {
    /// The `honesty-windows` entry of `nfv-bench` (arguments: number of captures N, default 60, seeds 0…N−1, or a
    /// range of seeds `A-B` (`BenchmarkTable.seeds`); `detail` lists every window; `corner` draws every capture's
    /// red and green levels from the hardest corner, as `nfv-bench honesty corner` does).
    static var benchmark: Benchmark {
        Benchmark(name: "honesty-windows",
                  summary: "confident wrong heart rates on shifted 60 s windows of the saturated weak-pulse captures",
                  run: { arguments in
                      run(seeds: BenchmarkTable.seeds(arguments, defaultCount: 60),
                          detail: arguments.contains("detail"), levels: arguments.contains("corner") ? .corner : .all)
                  })
    }

    /// The window's length and the starts of the windows in every capture, seconds.
    static let windowS = 60.0
    static let startsS = (0...12).map { 2.5 * Double($0) }

    /// What one window of one capture gives.
    struct Outcome {
        var seed: UInt64
        var startS: Double
        var verdict: HeartRateVerdict
        /// The final analysis of the same window of the pulse-free twin; nil when it gave no heart rate.
        var twin: AnalysisResult?

        /// Whether the twin's window got a heart rate at quality ≥ usable.
        var twinConfident: Bool { twin.map { $0.quality != .withheld } ?? false }
    }

    /// Every window of the capture `seed` names at `levels`, and of its twin.
    static func outcomes(seed: UInt64, levels: HonestyBenchmark.Levels) -> [Outcome] {
        let capture = levels.capture(seed: seed)
        let duration = windowS + startsS.last!
        let reading = SyntheticReading(configuration: capture.configuration, durationS: duration)
        let twin = SyntheticReading(configuration: capture.pulseFreeConfiguration, durationS: duration)
        return startsS.map { start in
            let window = start...(start + windowS)
            let frames = cut(reading.frames, window)
            let truth = SyntheticTruth(beats: reading.truth.beats, windowS: window,
                                       shape: capture.configuration.camera.pulseShape)
            return Outcome(seed: seed, startS: start,
                           verdict: HeartRateVerdict(truth: truth.metrics.heartRateBpm ?? capture.heartRateBpm,
                                                     analysis: FinalAnalyzer().analyze(frames: frames), frames: frames),
                           twin: try? FinalAnalyzer().analyze(frames: cut(twin.frames, window)).get())
        }
    }

    /// The frames stamped within `window` (its end excluded), their timestamps kept as a cut recording keeps them.
    private static func cut(_ frames: [FrameSample], _ window: ClosedRange<Double>) -> [FrameSample] {
        frames.filter { $0.timestamp >= window.lowerBound && $0.timestamp < window.upperBound }
    }

    /// Prints the table for the first half of the seeds (tuning), the second (held out) and all; then every
    /// confidently wrong window and every twin window answered at quality ≥ usable, and with `detail` every window.
    private static func run(seeds: ClosedRange<UInt64>, detail: Bool, levels: HonestyBenchmark.Levels) {
        let perCapture = seeds.map { outcomes(seed: $0, levels: levels) }
        print("Shifted 60 s windows (starts 0–\(BenchmarkTable.decimal(startsS.last!)) s every 2.5 s) of the",
              "saturated weak-pulse captures (\(levels.description)), 90 s at 30 fps,",
              "\(BenchmarkTable.describe(seeds)),",
              "each window analysed alone; twins = the same windows without a pulse")
        print("seeds              windows  answered ≥usable  ±5 bpm     >10 bpm off  spectral peak ±5  "
              + "twins with a rate  twins ≥usable")
        for (group, members) in BenchmarkTable.seedGroups(perCapture, seeds: seeds) {
            printRow(group: group, members.flatMap { $0 })
        }
        for outcome in perCapture.joined() where outcome.verdict.confidentWrong {
            print("  confident wrong: " + describe(outcome))
        }
        for outcome in perCapture.joined() where outcome.twinConfident {
            print("  pulse-free twin at ≥ usable: " + describeTwin(outcome))
        }
        if detail { for outcome in perCapture.joined() { print("  " + describe(outcome)) } }
    }

    /// One row of the table: the windows of a group of captures.
    private static func printRow(group: String, _ members: [Outcome]) {
        let pad = BenchmarkTable.pad, verdicts = members.map(\.verdict)
        let count = { (predicate: (Outcome) -> Bool) in "\(members.filter(predicate).count)" }
        print(pad(group, 19) + pad("\(members.count)", 9)
              + pad(BenchmarkTable.share(verdicts) { $0.answer != nil }, 18)
              + pad(BenchmarkTable.share(verdicts, \.covered), 11)
              + pad(BenchmarkTable.share(verdicts, \.confidentWrong), 13)
              + pad(BenchmarkTable.share(verdicts, \.peakCovered), 18)
              + pad(count { $0.twin != nil }, 19) + count(\.twinConfident))
    }

    /// One window: seed, start, truth, answer with its channel, and the spectral peak.
    private static func describe(_ outcome: Outcome) -> String {
        let verdict = outcome.verdict
        return "seed \(outcome.seed) from \(BenchmarkTable.decimal(outcome.startS)) s, truth "
            + "\(BenchmarkTable.decimal(verdict.truth)), \(verdict.description), channel "
            + "\(verdict.result?.diagnostics.channel.rawValue ?? "none"), \(verdict.peakDescription)"
    }

    /// One twin window: seed, start and the heart rate it got with its quality, source and channel.
    private static func describeTwin(_ outcome: Outcome) -> String {
        guard let twin = outcome.twin else { return "seed \(outcome.seed) from \(outcome.startS) s: none" }
        return "seed \(outcome.seed) from \(BenchmarkTable.decimal(outcome.startS)) s, "
            + "\(BenchmarkTable.decimal(twin.heartRateBpm)) bpm (\(twin.quality), "
            + "\(twin.diagnostics.hrSource.rawValue), channel \(twin.diagnostics.channel.rawValue))"
    }
}
