import PpgCore

/// Whether the final analysis reads a pulse with a tall second wave (`TallSecondWave`, one per seed) at twice its
/// rate: answers more than 10 bpm off at quality ≥ usable, coverage (answers at quality ≥ usable within ±5 bpm,
/// over all readings) beside the spectral peak's on the same readings (`HonestyBenchmark.spectralPeak`), and
/// RMSSD returned with its mean absolute error against the generated rhythm's.
enum TallWaveBenchmark {
    /// The `tall-waves` entry of `nfv-bench` (arguments: number of readings, default 300, seeds 0…N−1; `detail`
    /// lists every reading).
    static var benchmark: Benchmark {
        Benchmark(name: "tall-waves",
                  summary: "doubled heart rates and coverage on clean pulses with a tall second wave",
                  run: { arguments in
                      run(count: arguments.compactMap { Int($0) }.first ?? 300, detail: arguments.contains("detail"))
                  })
    }

    /// What one reading gives.
    struct Outcome {
        var reading: TallSecondWave
        var truth: Double
        var truthRmssd: Double?
        var result: AnalysisResult?
        /// Why no heart rate came, when none did.
        var reasons: [String]
        var spectralPeak: Double?

        /// The answer at quality ≥ usable, nil when withheld or absent.
        var answer: Double? { result.flatMap { $0.quality == .withheld ? nil : $0.heartRateBpm } }
        var confidentWrong: Bool { answer.map { abs($0 - truth) > 10 } ?? false }
        var covered: Bool { answer.map { abs($0 - truth) <= 5 } ?? false }
        var peakCovered: Bool { spectralPeak.map { abs($0 - truth) <= 5 } ?? false }
        /// The RMSSD returned's error, ms; nil when none was returned.
        var rmssdError: Double? {
            guard let rmssd = result?.rmssdMs, let truthRmssd else { return nil }
            return abs(rmssd - truthRmssd)
        }
    }

    static func outcome(seed: UInt64) -> Outcome {
        let reading = TallSecondWave(seed: seed)
        let synthetic = SyntheticReading(configuration: reading.configuration)
        let analysis = FinalAnalyzer().analyze(frames: synthetic.frames)
        var reasons: [String] = []
        if case .failure(.noHeartRate(let why)) = analysis { reasons = why }
        return Outcome(reading: reading, truth: synthetic.truth.metrics.heartRateBpm ?? reading.heartRateBpm,
                       truthRmssd: synthetic.truth.metrics.rmssd, result: try? analysis.get(), reasons: reasons,
                       spectralPeak: HonestyBenchmark.spectralPeak(synthetic.frames))
    }

    /// Prints the table for the first half of the seeds (tuning), the second half (held out) and all, each by
    /// rate band; then every confidently wrong answer, and with `detail` every reading.
    private static func run(count: Int, detail: Bool) {
        let count = max(count, 2)
        let outcomes = (0..<UInt64(count)).map(outcome(seed:))
        let half = count / 2
        print("Clean pulses with a tall second wave (TallSecondWave: 45–140 bpm, second wave 0.7–1.2 of the",
              "systolic, 0.25–0.45 s after it), 60 s at 30 fps, seeds 0–\(count - 1)")
        print("seeds              rates        readings  >10 bpm off at ≥usable  answered ≥usable  ±5 bpm of all  "
              + "spectral peak ±5  RMSSD returned  RMSSD MAE")
        let groups = [("0–\(half - 1) (tuning)", outcomes[..<half]),
                      ("\(half)–\(count - 1) (held out)", outcomes[half...]), ("all", outcomes[...])]
        for (group, members) in groups { printRows(group: group, members) }
        for outcome in outcomes.filter(\.confidentWrong) { print("  confident wrong: " + describe(outcome)) }
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
            let share = { (predicate: (Outcome) -> Bool) in
                "\(subset.filter(predicate).count) (\(percent(subset.filter(predicate).count, subset.count)))"
            }
            let errors = subset.compactMap(\.rmssdError)
            let mae = errors.isEmpty ? "—" : format(errors.reduce(0, +) / Double(errors.count)) + " ms"
            print(pad(group, 19) + pad(name, 13) + pad("\(subset.count)", 10) + pad(share(\.confidentWrong), 24)
                  + pad(share { $0.answer != nil }, 18) + pad(share(\.covered), 15) + pad(share(\.peakCovered), 18)
                  + pad(share { $0.rmssdError != nil }, 16) + mae)
        }
    }

    /// One reading's figures, truth, answer (quality, source, flags, candidate rates), RMSSD and spectral peak.
    private static func describe(_ outcome: Outcome) -> String {
        let reading = outcome.reading
        var text = "seed \(reading.seed), truth \(format(outcome.truth)), ratio \(format(reading.ratio)), "
            + "delay \(format(reading.delayS, places: 2)) s, answer "
        if let result = outcome.result {
            text += "\(format(result.heartRateBpm)) (\(result.quality), \(result.diagnostics.hrSource)"
                + (result.flags.isEmpty ? "" : ", " + result.flags.joined(separator: " "))
                + (result.diagnostics.candidateRatesBpm.isEmpty ? ""
                    : ", candidates " + result.diagnostics.candidateRatesBpm.map { format($0) }.joined(separator: "/"))
                + ")"
            text += ", RMSSD " + (result.rmssdMs.map { format($0) } ?? "none")
                + " (truth " + (outcome.truthRmssd.map { format($0) } ?? "none") + ")"
        } else {
            text += "none (" + outcome.reasons.joined(separator: " ") + ")"
        }
        return text + ", spectral peak \(outcome.spectralPeak.map { format($0) } ?? "none")"
    }

    private static func percent(_ part: Int, _ whole: Int) -> String {
        whole > 0 ? "\(Int((100 * Double(part) / Double(whole)).rounded())) %" : "—"
    }

    private static func format(_ value: Double, places: Int = 1) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return "\(Double(Int((value * scale).rounded())) / scale)"
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
