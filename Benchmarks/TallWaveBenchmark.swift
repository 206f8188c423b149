import PpgCore

/// Whether the final analysis reads a pulse with a tall second wave (`TallSecondWave`, one per seed) at twice its
/// rate: answers more than 10 bpm off at quality ≥ usable, coverage (answers at quality ≥ usable within ±5 bpm,
/// over all readings) beside the spectral peak's on the same readings (`HeartRateVerdict`), and RMSSD returned
/// with its mean absolute error against the generated rhythm's.
enum TallWaveBenchmark {
    /// The `tall-waves` entry of `nfv-bench` (arguments: number of readings N, default 300, seeds 0…N−1, or a
    /// range of seeds `A-B` (`BenchmarkTable.seeds`); `detail`
    /// lists every reading).
    static var benchmark: Benchmark {
        BenchmarkTable.seeded(name: "tall-waves",
                              summary: "doubled heart rates and coverage on clean pulses with a tall second wave",
                              run: run(seeds:detail:))
    }

    /// What one reading gives.
    struct Outcome {
        var reading: TallSecondWave
        var verdict: HeartRateVerdict
        var truthRmssd: Double?

        /// The RMSSD returned's error, ms; nil when none was returned.
        var rmssdError: Double? {
            guard let rmssd = verdict.result?.rmssdMs, let truthRmssd else { return nil }
            return abs(rmssd - truthRmssd)
        }
    }

    static func outcome(seed: UInt64) -> Outcome {
        let reading = TallSecondWave(seed: seed)
        let synthetic = SyntheticReading(configuration: reading.configuration)
        return Outcome(reading: reading,
                       verdict: HeartRateVerdict(truth: synthetic.truth.metrics.heartRateBpm ?? reading.heartRateBpm,
                                                 analysis: FinalAnalyzer().analyze(frames: synthetic.frames),
                                                 frames: synthetic.frames),
                       truthRmssd: synthetic.truth.metrics.rmssd)
    }

    /// Prints the table for the first half of the seeds (tuning), the second half (held out) and all, each by
    /// rate band; then every confidently wrong answer, and with `detail` every reading.
    private static func run(seeds: ClosedRange<UInt64>, detail: Bool) {
        let outcomes = seeds.map(outcome(seed:))
        print("Clean pulses with a tall second wave (TallSecondWave: 45–140 bpm, second wave 0.7–1.2 of the",
              "systolic, 0.25–0.45 s after it), 60 s at 30 fps, \(BenchmarkTable.describe(seeds))")
        print("seeds              rates        readings  >10 bpm off at ≥usable  answered ≥usable  ±5 bpm of all  "
              + "spectral peak ±5  RMSSD returned  RMSSD MAE")
        for (group, members) in BenchmarkTable.seedGroups(outcomes, seeds: seeds) { printRows(group: group, members) }
        for outcome in outcomes where outcome.verdict.confidentWrong { print("  confident wrong: " + describe(outcome)) }
        if detail { for outcome in outcomes { print("  " + describe(outcome)) } }
    }

    /// The table's rows for one group of readings, by rate band.
    private static func printRows(group: String, _ members: ArraySlice<Outcome>) {
        let bands: [(String, (Double) -> Bool)] = [("45–80 bpm", { $0 < 80 }),
                                                   ("80–110 bpm", { $0 >= 80 && $0 < 110 }),
                                                   ("110–140 bpm", { $0 >= 110 }), ("all", { _ in true })]
        for (name, inBand) in bands {
            let subset = members.filter { inBand($0.reading.heartRateBpm) }
            guard !subset.isEmpty else { continue }
            let pad = BenchmarkTable.pad, share = { BenchmarkTable.share(subset, $0) }
            let errors = subset.compactMap(\.rmssdError)
            let mae = errors.isEmpty ? "—" : BenchmarkTable.decimal(errors.reduce(0, +) / Double(errors.count)) + " ms"
            print(pad(group, 19) + pad(name, 13) + pad("\(subset.count)", 10) + pad(share(\.verdict.confidentWrong), 24)
                  + pad(share { $0.verdict.answer != nil }, 18) + pad(share(\.verdict.covered), 15)
                  + pad(share(\.verdict.peakCovered), 18) + pad(share { $0.rmssdError != nil }, 16) + mae)
        }
    }

    /// One reading's truth, second wave, answer, RMSSD and spectral peak.
    private static func describe(_ outcome: Outcome) -> String {
        let reading = outcome.reading, verdict = outcome.verdict, decimal = { BenchmarkTable.decimal($0) }
        return "seed \(reading.seed), truth \(decimal(verdict.truth)), ratio \(decimal(reading.ratio)), "
            + "delay \(BenchmarkTable.decimal(reading.delayS, places: 2)) s, \(verdict.description)"
            + (verdict.result.map { result in
                ", RMSSD " + (result.rmssdMs.map(decimal) ?? "none")
                    + " (truth " + (outcome.truthRmssd.map(decimal) ?? "none") + ")"
            } ?? "")
            + ", \(verdict.peakDescription)"
    }
}
