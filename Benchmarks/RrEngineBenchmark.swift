import Glibc
import PpgCore

/// Figures of the RR-domain engine on synthetic rhythms: artifact detection and correction accuracy, the
/// consistency gate's pass/veto rates, and the cost of the corrector and the synthetic generator.
enum RrEngineBenchmark {
    /// The `rr` entry of `nfv-bench` (argument: number of seeds, default 200).
    static var benchmark: Benchmark {
        Benchmark(name: "rr", summary: "artifact correction, consistency gate and synthetic generator figures",
                  run: { arguments in run(seeds: arguments.first.flatMap { UInt64($0) } ?? 200) })
    }

    private static let beatsPerReading = 75
    private static let artifactIndex = 37

    private static func run(seeds: UInt64) {
        print("σ_t(ms) artifact  found  false/interval  |ΔRMSSD| median  p95   gate pass  (\(seeds) seeds,",
              "\(beatsPerReading) beats, 70 bpm, RMSSD ≈ 25 ms)")
        for jitter in [0.0, 0.005, 0.010] {
            for kind in [BeatArtifact.Kind.ectopic, .missed, .extra] {
                printCorrection(kind: kind, jitter: jitter, seeds: seeds)
            }
            printGate(jitter: jitter, seeds: seeds)
        }
        printCost()
    }

    /// One series: the pulses a detector would see and the clean beats, both with the same per-beat timing error.
    private static func series(seed: UInt64, jitter: Double, artifacts: [BeatArtifact] = [],
                               scenario: [ScenarioSegment] = []) -> (observed: [Double], clean: [Double]) {
        var generator = RhythmGenerator(seed: seed)
        var random = SeededRandom(seed: seed, stream: 7)
        var observed: [Double] = [], clean: [Double] = []
        for _ in 0..<beatsPerReading {
            let (extra, beat) = generator.next(rhythm: RhythmParameters(), riav: 0, artifacts: artifacts,
                                               scenario: scenario)
            let error = random.gaussian(mean: 0, sd: jitter)
            if let extra { observed.append(extra.onsetS + random.gaussian(mean: 0, sd: jitter)) }
            if beat.amplitude > 0 { observed.append(beat.onsetS + error) }
            clean.append(beat.cleanOnsetS + error)
        }
        return (observed, clean)
    }

    private static func printCorrection(kind: BeatArtifact.Kind, jitter: Double, seeds: UInt64) {
        let expected: BeatLabel = switch kind {
        case .ectopic: .ectopic
        case .missed: .missed
        case .extra: .extra
        }
        var found = 0, falseFlags = 0, intervals = 0, passed = 0
        var errors: [Double] = []
        for seed in 1...seeds {
            let (observed, clean) = series(seed: seed, jitter: jitter,
                                           artifacts: [BeatArtifact(kind: kind, beatIndex: artifactIndex)])
            let correction = ArtifactCorrector().correct(beatTimesS: observed)
            if correction.labels[artifactIndex] == expected { found += 1 }
            falseFlags += correction.labels.indices.filter {
                $0 != artifactIndex && correction.labels[$0] != .normal
            }.count
            intervals += observed.count - 1
            if let truth = HrvMetrics(beatTimesS: clean).rmssd,
               let corrected = HrvMetrics(beatTimesS: correction.correctedBeatTimesS).rmssd {
                errors.append(abs(corrected - truth) / truth)
            }
            if ConsistencyGate().evaluate(correction).passed { passed += 1 }
        }
        errors.sort()
        print(format(jitter * 1000, 7, 0), pad(kind.rawValue, 9), format(Double(found) / Double(seeds), 6, 3),
              format(Double(falseFlags) / Double(intervals), 15, 4),
              format(100 * errors[errors.count / 2], 15, 2) + " %", format(100 * errors[errors.count * 95 / 100], 5, 2)
                + " %", format(Double(passed) / Double(seeds), 9, 3))
    }

    private static func printGate(jitter: Double, seeds: UInt64) {
        var flags = 0, intervals = 0, cleanPassed = 0, afVetoed = 0
        let af = [ScenarioSegment(startS: -10, durationS: 1000, condition: .typicalAF)]
        for seed in 1...seeds {
            let (observed, _) = series(seed: seed, jitter: jitter)
            let correction = ArtifactCorrector().correct(beatTimesS: observed)
            flags += correction.counts.total
            intervals += observed.count - 1
            if ConsistencyGate().evaluate(correction).passed { cleanPassed += 1 }
            let (irregular, _) = series(seed: seed, jitter: jitter, scenario: af)
            if !ConsistencyGate().evaluate(ArtifactCorrector().correct(beatTimesS: irregular)).passed { afVetoed += 1 }
        }
        print(format(jitter * 1000, 7, 0), pad("none", 9), "     —", format(Double(flags) / Double(intervals), 15, 4),
              "               —      —", format(Double(cleanPassed) / Double(seeds), 9, 3),
              " AF-like vetoed:", format(Double(afVetoed) / Double(seeds), 0, 3))
    }

    private static func printCost() {
        let (observed, _) = series(seed: 1, jitter: 0.005,
                                   artifacts: [BeatArtifact(kind: .ectopic, beatIndex: artifactIndex)])
        var checksum = 0.0
        let correctionStart = now()
        for _ in 0..<200 { checksum += ArtifactCorrector().correct(beatTimesS: observed).correctedBeatTimesS[1] }
        let correctionMs = (now() - correctionStart) / 200 * 1000

        var stream = SyntheticPpgStream(configuration: SyntheticConfiguration(
            seed: 1, camera: CameraParameters(framesPerSecond: 60), scenario: ScenarioSegment.demonstrationSession))
        let frames = 360_000
        let streamStart = now()
        for _ in 0..<frames { checksum += stream.nextFrame()?.red ?? 0 }
        let frameNs = (now() - streamStart) / Double(frames) * 1e9

        let batchStart = now()
        checksum += SyntheticReading(configuration: SyntheticConfiguration(seed: 2)).frames[0].red
        let batchMs = (now() - batchStart) * 1000
        print("cost: correction of \(beatsPerReading) beats \(format(correctionMs, 0, 3)) ms;",
              "streaming generator \(format(frameNs, 0, 0)) ns/frame at 60 fps;",
              "60 s batch reading with truth \(format(batchMs, 0, 1)) ms (checksum \(format(checksum, 0, 0)))")
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private static func format(_ value: Double, _ width: Int, _ decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var text = decimals == 0 ? String(Int(rounded)) : String(rounded)
        if decimals > 0, let dot = text.firstIndex(of: ".") {
            let shown = text.distance(from: dot, to: text.endIndex) - 1
            if shown < decimals { text += String(repeating: "0", count: decimals - shown) }
        }
        return pad(text, width)
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }
}
