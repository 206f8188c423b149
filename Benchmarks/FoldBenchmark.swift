import PpgCore

/// What the fold fallback of the final analysis costs: `FoldedRate` over the three channels' band-passed pulses,
/// as the analysis calls it when neither the beats nor a confirmed spectral rate answer, timed on saturated
/// weak-pulse captures (`SaturatedWeakPulse`), with what it answers beside each capture's rate.
enum FoldBenchmark {
    /// The `fold` entry of `nfv-bench` (argument: number of captures, default 40, seeds 0…N−1).
    static var benchmark: Benchmark {
        Benchmark(name: "fold",
                  summary: "time of the fold fallback (FoldedRate, three channels) on saturated weak-pulse captures",
                  run: { arguments in run(count: arguments.compactMap { Int($0) }.first ?? 40) })
    }

    /// Times of a capture's fold taken; the least is kept (the machine's other work only adds).
    static let repeats = 3

    private static func run(count: Int) {
        let extractor = BeatExtractor()
        var times: [Double] = []
        var answered = 0, near = 0
        for seed in 0..<UInt64(max(count, 1)) {
            let capture = SaturatedWeakPulse(seed: seed)
            let reading = SyntheticReading(configuration: capture.configuration)
            let truth = reading.truth.metrics.heartRateBpm ?? capture.heartRateBpm
            let signal = ReadingSignal(frames: reading.frames)
            let channels = PulseChannel.allCases.map { ($0, signal.rawSegments(of: $0).map(extractor.pulseWaveform)) }
            var rate: FoldedRate?
            let seconds = (0..<repeats).map { _ in
                Stopwatch.time {
                    var plans = FourierPlans()
                    rate = FoldedRate(channels: channels, plans: &plans)
                }
            }
            times.append(seconds.min() ?? 0)
            if let rate {
                answered += 1
                if abs(rate.rateBpm - truth) <= 5 { near += 1 }
            }
        }
        let sorted = times.sorted()
        let milliseconds = { (value: Double) in "\(Double(Int((1000 * value * 100).rounded())) / 100) ms" }
        print("FoldedRate over red, green and blue of \(times.count) saturated weak-pulse captures (60 s at 30 fps,",
              "seeds 0–\(times.count - 1)), least of \(repeats) runs each:")
        let mean = times.reduce(0, +) / Double(times.count)
        print("  median \(milliseconds(sorted[sorted.count / 2])), mean \(milliseconds(mean)),",
              "range \(milliseconds(sorted[0]))–\(milliseconds(sorted[sorted.count - 1]))")
        print("  a rate stood on \(answered) captures, \(near) of them within ±5 bpm of the capture's rate")
    }
}
