import PpgCore

/// Whether the final analysis is ever confidently wrong on saturated weak-pulse captures (`SaturatedWeakPulse`,
/// one per seed): answers more than 10 bpm off at quality ≥ usable, and coverage (answers at quality ≥ usable
/// within ±5 bpm, over all captures) beside the spectral peak's on the same captures (the Welch peak of the
/// band-passed red or green channel, whichever holds more of its band's power at its peak: a no-skill floor).
enum HonestyBenchmark {
    /// The `honesty` entry of `nfv-bench` (argument: number of captures, default 300; seeds 1…N).
    static var benchmark: Benchmark {
        Benchmark(name: "honesty",
                  summary: "confident wrong heart rates and coverage on saturated weak-pulse captures",
                  run: { arguments in run(count: arguments.first.flatMap { Int($0) } ?? 300) })
    }

    /// What one capture gives.
    struct Outcome {
        var capture: SaturatedWeakPulse
        var truth: Double
        var result: AnalysisResult?
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
        let result = try? FinalAnalyzer().analyze(frames: reading.frames, motion: reading.motion).get()
        return Outcome(capture: capture, truth: reading.truth.metrics.heartRateBpm ?? capture.heartRateBpm,
                       result: result, spectralPeak: spectralPeak(reading.frames))
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

    private static func run(count: Int) {
        let outcomes = (1...UInt64(max(count, 1))).map(outcome(seed:))
        print("Saturated weak-pulse captures (SaturatedWeakPulse: red 241–254, green 0–79, pulse 0.5–1.5 counts,",
              "dicrotic wave 0.8–1.2 of the systolic, 60–140 bpm, half with whole-count frame means), 60 s at 30 fps,",
              "seeds 1–\(count)")
        print("rates        captures  >10 bpm off at ≥usable  answered ≥usable  ±5 bpm of all  spectral peak ±5")
        let bands: [(String, (Double) -> Bool)] = [("60–100 bpm", { $0 < 100 }), ("100–140 bpm", { $0 >= 100 }),
                                                   ("all", { _ in true })]
        for (name, inBand) in bands {
            let subset = outcomes.filter { inBand($0.capture.heartRateBpm) }
            guard !subset.isEmpty else { continue }
            let share = { (predicate: (Outcome) -> Bool) in
                "\(subset.filter(predicate).count) (\(percent(subset.filter(predicate).count, subset.count)))"
            }
            print(pad(name, 13) + pad("\(subset.count)", 10) + pad(share { $0.confidentWrong }, 24)
                  + pad(share { $0.answer != nil }, 18) + pad(share(\.covered), 15) + share(\.peakCovered))
        }
        let wrong = outcomes.filter(\.confidentWrong)
        for outcome in wrong {
            let result = outcome.result!
            print("  confident wrong: seed \(outcome.capture.seed), truth \(format(outcome.truth)), answer "
                  + "\(format(result.heartRateBpm)) (\(result.quality), \(result.diagnostics.hrSource)), "
                  + "spectral peak \(outcome.spectralPeak.map(format) ?? "none")")
        }
    }

    private static func percent(_ part: Int, _ whole: Int) -> String {
        whole > 0 ? "\(Int((100 * Double(part) / Double(whole)).rounded())) %" : "—"
    }

    private static func format(_ value: Double) -> String { "\(Double(Int((value * 10).rounded())) / 10)" }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}

