import PpgCore

/// A synthetic reading's final analysis judged against the heart rate it was generated with, beside the no-skill
/// floor on the same frames (the spectral peak): whether it answered at quality ≥ usable, was more than 10 bpm off
/// there (confidently wrong), or within ±5 bpm (covered).
struct HeartRateVerdict {
    /// The generated heart rate, bpm.
    var truth: Double
    /// The final analysis's result; nil when it gave none.
    var result: AnalysisResult?
    /// Why no heart rate came, when none did.
    var reasons: [String]
    /// The spectral peak of the same frames (`spectralPeak(_:)`), bpm; nil without one.
    var spectralPeak: Double?

    /// Judges `analysis` of `frames` against `truth`.
    init(truth: Double, analysis: Result<AnalysisResult, AnalysisError>, frames: [FrameSample]) {
        self.truth = truth
        result = try? analysis.get()
        if case .failure(.noHeartRate(let why)) = analysis { reasons = why } else { reasons = [] }
        spectralPeak = Self.spectralPeak(frames)
    }

    /// The answer at quality ≥ usable, nil when withheld or absent.
    var answer: Double? { result.flatMap { $0.quality == .withheld ? nil : $0.heartRateBpm } }
    var confidentWrong: Bool { answer.map { abs($0 - truth) > 10 } ?? false }
    var covered: Bool { answer.map { abs($0 - truth) <= 5 } ?? false }
    var peakCovered: Bool { spectralPeak.map { abs($0 - truth) <= 5 } ?? false }

    /// The answer with its quality, source, flags and candidate rates (or why none came), then the spectral peak.
    var description: String {
        var text = "answer "
        if let result {
            text += "\(BenchmarkTable.decimal(result.heartRateBpm)) (\(result.quality), "
                + result.diagnostics.hrSource.rawValue
                + (result.flags.isEmpty ? "" : ", " + result.flags.joined(separator: " "))
                + (result.diagnostics.candidateRatesBpm.isEmpty ? ""
                    : ", candidates "
                        + result.diagnostics.candidateRatesBpm.map { BenchmarkTable.decimal($0) }.joined(separator: "/"))
                + ")"
        } else {
            text += "none (" + reasons.joined(separator: " ") + ")"
        }
        return text
    }

    /// `description`'s closing part: the spectral peak.
    var peakDescription: String { "spectral peak \(spectralPeak.map { BenchmarkTable.decimal($0) } ?? "none")" }

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
}
