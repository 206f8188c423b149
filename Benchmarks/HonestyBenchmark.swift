import PpgCore

/// Whether the final analysis is ever confidently wrong on saturated weak-pulse captures (`SaturatedWeakPulse`,
/// one per seed): answers more than 10 bpm off at quality ≥ usable, and coverage (answers at quality ≥ usable
/// within ±5 bpm, over all captures) beside the spectral peak's on the same captures (the Welch peak of the
/// band-passed red or green channel, whichever holds more of its band's power at its peak: a no-skill floor).
enum HonestyBenchmark {
    /// The `honesty` entry of `nfv-bench` (arguments: number of captures, default 300, seeds 0…N−1; `detail` lists
    /// every capture).
    static var benchmark: Benchmark {
        Benchmark(name: "honesty",
                  summary: "confident wrong heart rates and coverage on saturated weak-pulse captures",
                  run: { arguments in
                      run(count: arguments.compactMap { Int($0) }.first ?? 300, detail: arguments.contains("detail"))
                  })
    }

    /// What one capture gives.
    struct Outcome {
        var capture: SaturatedWeakPulse
        var truth: Double
        var result: AnalysisResult?
        /// Why no heart rate came, when none did.
        var reasons: [String]
        var spectralPeak: Double?

        /// The answer at quality ≥ usable, nil when withheld or absent.
        var answer: Double? { result.flatMap { $0.quality == .withheld ? nil : $0.heartRateBpm } }
        var confidentWrong: Bool { answer.map { abs($0 - truth) > 10 } ?? false }
        var covered: Bool { answer.map { abs($0 - truth) <= 5 } ?? false }
        var peakCovered: Bool { spectralPeak.map { abs($0 - truth) <= 5 } ?? false }
    }

    static func outcome(seed: UInt64) -> Outcome {
        let capture = SaturatedWeakPulse(seed: seed)
        let reading = SyntheticReading(configuration: capture.configuration)
        let analysis = FinalAnalyzer().analyze(frames: reading.frames, motion: reading.motion)
        var reasons: [String] = []
        if case .failure(.noHeartRate(let why)) = analysis { reasons = why }
        return Outcome(capture: capture, truth: reading.truth.metrics.heartRateBpm ?? capture.heartRateBpm,
                       result: try? analysis.get(), reasons: reasons, spectralPeak: spectralPeak(reading.frames))
    }

    /// The Welch spectral peak (bpm) of the band-passed red or green channel, whichever concentrates more of the
    /// 0.7–3.5 Hz power within ±0.1 Hz of its peak; nil without one.
    static func spectralPeak(_ frames: [FrameSample]) -> Double? {
        let signal = ReadingSignal(frames: frames)
        let extractor = BeatExtractor()
        let band = 0.7...3.5
        var plans = FourierPlans()
        var best: (bpm: Double, share: Double)?
        for channel in [PulseChannel.red, .green] {
            let pulses = signal.rawSegments(of: channel).map(extractor.pulseWaveform)
            guard let spectrum = ReadingSignal.readingSpectrum(pulses, plans: &plans),
                  let peak = spectrum.peakFrequency(in: band) else { continue }
            let total = spectrum.power(in: band)
            let share = total > 0 ? spectrum.power(in: (peak - 0.1)...(peak + 0.1)) / total : 0
            if best.map({ share > $0.share }) ?? true { best = (60 * peak, share) }
        }
        return best?.bpm
    }

    /// Prints the table for the first half of the seeds (those the thresholds were tuned on), the second half
    /// (held out) and all, each by rate band; then every confidently wrong answer, and with `detail` every capture.
    private static func run(count: Int, detail: Bool) {
        let count = max(count, 2)
        let outcomes = (0..<UInt64(count)).map(outcome(seed:))
        let half = count / 2
        print("Saturated weak-pulse captures (SaturatedWeakPulse: red 241–254, green 0–79, pulse 0.5–1.5 counts,",
              "dicrotic wave 0.8–1.2 of the systolic, 60–140 bpm, half with whole-count frame means), 60 s at 30 fps,",
              "seeds 0–\(count - 1)")
        print("seeds              rates        captures  >10 bpm off at ≥usable  answered ≥usable  ±5 bpm of all  "
              + "spectral peak ±5")
        let groups = [("0–\(half - 1) (tuning)", outcomes[..<half]), ("\(half)–\(count - 1) (held out)", outcomes[half...]),
                      ("all", outcomes[...])]
        for (group, members) in groups { printRows(group: group, members) }
        printPulseFree(count: count)
        for outcome in outcomes.filter(\.confidentWrong) { print("  confident wrong: " + describe(outcome)) }
        if detail { for outcome in outcomes { print("  " + describe(outcome)) } }
    }

    /// The table's rows for one group of captures, by rate band.
    private static func printRows(group: String, _ members: ArraySlice<Outcome>) {
        let bands: [(String, (Double) -> Bool)] = [("60–100 bpm", { $0 < 100 }), ("100–140 bpm", { $0 >= 100 }),
                                                   ("all", { _ in true })]
        for (name, inBand) in bands {
            let subset = members.filter { inBand($0.capture.heartRateBpm) }
            guard !subset.isEmpty else { continue }
            let share = { (predicate: (Outcome) -> Bool) in
                "\(subset.filter(predicate).count) (\(percent(subset.filter(predicate).count, subset.count)))"
            }
            print(pad(group, 19) + pad(name, 13) + pad("\(subset.count)", 10) + pad(share { $0.confidentWrong }, 24)
                  + pad(share { $0.answer != nil }, 18) + pad(share(\.covered), 15) + share(\.peakCovered))
        }
    }

    /// The same captures without their pulse (red and green pulse set to zero, noise and levels kept): any heart
    /// rate answered on them, and any at quality ≥ usable, is a reading of noise.
    private static func printPulseFree(count: Int) {
        var answered = 0, confident = 0
        for seed in 0..<UInt64(count) {
            var configuration = SaturatedWeakPulse(seed: seed).configuration
            configuration.camera.acFraction = ChannelTriple(all: 0)
            let reading = SyntheticReading(configuration: configuration)
            guard case .success(let result) = FinalAnalyzer().analyze(frames: reading.frames) else { continue }
            answered += 1
            if result.quality != .withheld { confident += 1 }
            print("  pulse-free seed \(seed): \(format(result.heartRateBpm)) bpm (\(result.quality))")
        }
        print("the same \(count) captures without a pulse: \(answered) with a heart rate, \(confident) at ≥ usable")
    }

    /// One capture's truth, answer (quality, source, flags, candidate rates) and spectral peak.
    private static func describe(_ outcome: Outcome) -> String {
        let capture = outcome.capture
        var text = "seed \(capture.seed), truth \(format(outcome.truth)), dicrotic \(format(capture.dicroticRatio)), "
            + "pulse \(format(capture.pulseCounts)), answer "
        if let result = outcome.result {
            text += "\(format(result.heartRateBpm)) (\(result.quality), \(result.diagnostics.hrSource)"
                + (result.flags.isEmpty ? "" : ", " + result.flags.joined(separator: " "))
                + (result.diagnostics.candidateRatesBpm.isEmpty ? ""
                    : ", candidates " + result.diagnostics.candidateRatesBpm.map(format).joined(separator: "/"))
                + ")"
        } else {
            text += "none (" + outcome.reasons.joined(separator: " ") + ")"
        }
        return text + ", spectral peak \(outcome.spectralPeak.map(format) ?? "none")"
    }

    private static func percent(_ part: Int, _ whole: Int) -> String {
        whole > 0 ? "\(Int((100 * Double(part) / Double(whole)).rounded())) %" : "—"
    }

    private static func format(_ value: Double) -> String { "\(Double(Int((value * 10).rounded())) / 10)" }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}

