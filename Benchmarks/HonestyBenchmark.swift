import PpgCore

/// Whether the final analysis is ever confidently wrong on saturated weak-pulse captures (`SaturatedWeakPulse`,
/// one per seed): answers more than 10 bpm off at quality ≥ usable, and coverage (answers at quality ≥ usable
/// within ±5 bpm, over all captures) beside the spectral peak's on the same captures (`HeartRateVerdict`).
enum HonestyBenchmark {
    /// The `honesty` entry of `nfv-bench` (arguments: number of captures N, default 300, seeds 0…N−1, or a range
    /// of seeds `A-B` (`BenchmarkTable.seeds`); `detail` lists
    /// every capture; `corner` draws every capture's red and green levels from the hardest corner, red 248–253
    /// and green 0–3, `SaturatedWeakPulse.cornerRedLevels`, the rest of each capture as without it).
    static var benchmark: Benchmark {
        Benchmark(name: "honesty",
                  summary: "confident wrong heart rates and coverage on saturated weak-pulse captures",
                  run: { arguments in
                      let levels = arguments.contains("corner") ? Levels.corner : Levels.all
                      run(seeds: BenchmarkTable.seeds(arguments), detail: arguments.contains("detail"), levels: levels)
                  })
    }

    /// The red and green levels the captures are drawn from.
    struct Levels {
        var red: ClosedRange<Double>
        var green: ClosedRange<Double>

        /// The whole ranges of `SaturatedWeakPulse`.
        static let all = Levels(red: SaturatedWeakPulse.redLevels, green: SaturatedWeakPulse.greenLevels)
        /// Its hardest corner.
        static let corner = Levels(red: SaturatedWeakPulse.cornerRedLevels, green: SaturatedWeakPulse.cornerGreenLevels)

        /// The capture `seed` names at these levels.
        func capture(seed: UInt64) -> SaturatedWeakPulse {
            SaturatedWeakPulse(seed: seed, redLevels: red, greenLevels: green)
        }

        /// The levels as the table's title gives them.
        var description: String {
            "red \(Int(red.lowerBound))–\(Int(red.upperBound)), green \(Int(green.lowerBound))–\(Int(green.upperBound))"
        }
    }

    /// What one capture gives.
    struct Outcome {
        var capture: SaturatedWeakPulse
        var verdict: HeartRateVerdict
    }

    static func outcome(seed: UInt64, levels: Levels = .all) -> Outcome {
        let capture = levels.capture(seed: seed)
        let reading = SyntheticReading(configuration: capture.configuration)
        return Outcome(capture: capture,
                       verdict: HeartRateVerdict(truth: reading.truth.metrics.heartRateBpm ?? capture.heartRateBpm,
                                                 analysis: FinalAnalyzer().analyze(frames: reading.frames,
                                                                                   motion: reading.motion),
                                                 frames: reading.frames))
    }

    /// Prints the table for the first half of the seeds (those the thresholds were tuned on), the second half
    /// (held out) and all, each by rate band; then every confidently wrong answer, and with `detail` every capture.
    private static func run(seeds: ClosedRange<UInt64>, detail: Bool, levels: Levels) {
        let outcomes = seeds.map { outcome(seed: $0, levels: levels) }
        print("Saturated weak-pulse captures (SaturatedWeakPulse: \(levels.description), pulse 0.5–1.5 counts,",
              "dicrotic wave 0.8–1.2 of the systolic, 60–140 bpm, half with whole-count frame means), 60 s at 30 fps,",
              BenchmarkTable.describe(seeds))
        print("seeds              rates        captures  >10 bpm off at ≥usable  answered ≥usable  ±5 bpm of all  "
              + "spectral peak ±5")
        for (group, members) in BenchmarkTable.seedGroups(outcomes, seeds: seeds) { printRows(group: group, members) }
        printPulseFree(seeds: seeds, levels: levels)
        for outcome in outcomes where outcome.verdict.confidentWrong { print("  confident wrong: " + describe(outcome)) }
        if detail { for outcome in outcomes { print("  " + describe(outcome)) } }
    }

    /// The table's rows for one group of captures, by rate band.
    private static func printRows(group: String, _ members: ArraySlice<Outcome>) {
        let bands: [(String, (Double) -> Bool)] = [("60–100 bpm", { $0 < 100 }), ("100–140 bpm", { $0 >= 100 }),
                                                   ("all", { _ in true })]
        for (name, inBand) in bands {
            let subset = members.filter { inBand($0.capture.heartRateBpm) }.map(\.verdict)
            guard !subset.isEmpty else { continue }
            let pad = BenchmarkTable.pad, share = { BenchmarkTable.share(subset, $0) }
            print(pad(group, 19) + pad(name, 13) + pad("\(subset.count)", 10) + pad(share(\.confidentWrong), 24)
                  + pad(share { $0.answer != nil }, 18) + pad(share(\.covered), 15) + share(\.peakCovered))
        }
    }

    /// The same captures without their pulse (red and green pulse set to zero, noise and levels kept): any heart
    /// rate answered on them, and any at quality ≥ usable, is a reading of noise.
    private static func printPulseFree(seeds: ClosedRange<UInt64>, levels: Levels) {
        var answered = 0, confident = 0
        for seed in seeds {
            let reading = SyntheticReading(configuration: levels.capture(seed: seed).pulseFreeConfiguration)
            guard case .success(let result) = FinalAnalyzer().analyze(frames: reading.frames) else { continue }
            answered += 1
            if result.quality != .withheld { confident += 1 }
            print("  pulse-free seed \(seed): \(BenchmarkTable.decimal(result.heartRateBpm)) bpm (\(result.quality))")
        }
        print("the same \(seeds.count) captures without a pulse: \(answered) with a heart rate,",
              "\(confident) at ≥ usable")
    }

    /// One capture's truth, dicrotic ratio and pulse size, answer and spectral peak.
    private static func describe(_ outcome: Outcome) -> String {
        let capture = outcome.capture, verdict = outcome.verdict, decimal = { BenchmarkTable.decimal($0) }
        return "seed \(capture.seed), truth \(decimal(verdict.truth)), dicrotic \(decimal(capture.dicroticRatio)), "
            + "pulse \(decimal(capture.pulseCounts)), \(verdict.description), \(verdict.peakDescription)"
    }
}
