import Glibc
import PpgCore

/// Breathing-rate accuracy on the synthetic finger through the engine's beat extractor, and the estimator's cost.
enum BreathingBenchmark {
    /// The `breathing` entry of `nfv-bench`.
    static var benchmark: Benchmark {
        Benchmark(name: "breathing", summary: "breathing-rate MAE and tiers on synthetic readings; cost per estimate",
                  run: { _ in run() })
    }

    private static let seeds: ClosedRange<UInt64> = 1...10

    private static func run() {
        print("rate  camera MAE  medium  motion MAE  high   (brpm; \(seeds.count) seeds, HR 55-85, 60 s at 30 fps)")
        for rate in [6.0, 9.0, 12.0, 15.0, 18.0, 21.0, 24.0] {
            let figures = sweep { seed in configuration(seed: seed, breathingRate: rate) }
            print(format(rate, 4, 0), format(figures.cameraError, 11, 2), format(figures.mediumShare, 7, 2),
                  format(figures.motionError, 11, 2), format(figures.highShare, 6, 2))
        }
        let noisy = sweep { seed in
            var noisy = configuration(seed: seed, breathingRate: 15)
            noisy.camera.noise.red = 0.4
            return noisy
        }
        print("noisy red (0.4 counts), 15 brpm: camera MAE \(format(noisy.cameraError, 0, 2)),",
              "medium share \(format(noisy.mediumShare, 0, 2))")
        let unmodulated = sweep { seed in
            var flat = configuration(seed: seed, breathingRate: 15)
            flat.rhythm.rsaAmplitudeMs = 0
            flat.rhythm.lfAmplitudeMs = 0
            flat.camera.riav = 0
            flat.camera.riiv = 0
            flat.motion.breathingAmplitude = 0
            return flat
        }
        print("no respiratory modulation: medium share \(format(unmodulated.mediumShare, 0, 2)),",
              "high share \(format(unmodulated.highShare, 0, 2))")
        printCost()
    }

    private struct Figures {
        var cameraError = 0.0, motionError = 0.0, mediumShare = 0.0, highShare = 0.0
    }

    private static func configuration(seed: UInt64, breathingRate: Double) -> SyntheticConfiguration {
        let heartRate = 55 + 30 * Double(seed - 1) / Double(seeds.count - 1)
        return SyntheticConfiguration(
            seed: seed, rhythm: RhythmParameters(heartRateBpm: heartRate, breathingRateBrpm: breathingRate))
    }

    /// Mean absolute errors (over the readings with an estimate) and tier shares (over all readings).
    private static func sweep(_ make: (UInt64) -> SyntheticConfiguration) -> Figures {
        var figures = Figures()
        var cameraCount = 0, motionCount = 0
        for seed in seeds {
            let configuration = make(seed)
            let reading = SyntheticReading(configuration: configuration)
            let analysis = BreathingRateEstimator().analyze(input(reading))
            let truth = configuration.rhythm.breathingRateBrpm
            if let camera = analysis.camera {
                figures.cameraError += abs(camera.brpm - truth)
                cameraCount += 1
                if camera.confidence >= BreathingConfiguration().mediumConfidence { figures.mediumShare += 1 }
            }
            if let motion = analysis.motion {
                figures.motionError += abs(motion.brpm - truth)
                motionCount += 1
            }
            if analysis.rate?.tier == .high { figures.highShare += 1 }
        }
        figures.cameraError /= Double(max(cameraCount, 1))
        figures.motionError /= Double(max(motionCount, 1))
        figures.mediumShare /= Double(seeds.count)
        figures.highShare /= Double(seeds.count)
        return figures
    }

    /// Beats of the red channel by the engine's extractor (valid: template correlation ≥ 0.8) and the motion.
    private static func input(_ reading: SyntheticReading) -> BreathingInput {
        let timestamps = reading.frames.map(\.timestamp)
        let resampler = UniformResampler(sampleRate: 30)
        var beats: [BreathingBeat] = []
        for (index, run) in resampler.runs(timestamps: timestamps).enumerated() {
            let red = resampler.resample(timestamps: timestamps, channels: [reading.frames.map(\.red)], run: run)[0]
            let found = BeatExtractor().extract(red, segmentIndex: index).beats
            for (k, beat) in found.enumerated() {
                beats.append(BreathingBeat(
                    time: beat.time, intervalMs: k > 0 ? (beat.time - found[k - 1].time) * 1000 : nil,
                    amplitude: beat.amplitude, intensity: beat.meanIntensity,
                    isValid: beat.templateCorrelation >= 0.8))
            }
        }
        return BreathingInput(beats: beats, motion: reading.motion, windowStart: 0, windowEnd: 60)
    }

    private static func printCost() {
        let reading = SyntheticReading(configuration: configuration(seed: 1, breathingRate: 15))
        let full = input(reading)
        let repetitions = 50
        let start = seconds()
        var checksum = 0.0
        for _ in 0..<repetitions { checksum += BreathingRateEstimator().analyze(full).rate?.brpm ?? 0 }
        let perCall = (seconds() - start) / Double(repetitions)
        print("cost: \(format(perCall * 1000, 0, 2)) ms per 60 s estimate with \(full.beats.count) beats and",
              "\(full.motion.count) motion samples (checksum \(format(checksum / Double(repetitions), 0, 2)))")
    }

    private static func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// `value` with `decimals` decimals, right-aligned in `width` characters.
    private static func format(_ value: Double, _ width: Int, _ decimals: Int) -> String {
        let scale = Double((0..<decimals).reduce(1) { result, _ in result * 10 })
        let scaled = Int((abs(value) * scale).rounded())
        let whole = String(scaled / Int(scale))
        let fraction = String(scaled % Int(scale))
        let text = (value < 0 && scaled > 0 ? "-" : "") + whole
            + (decimals > 0 ? "." + String(repeating: "0", count: decimals - fraction.count) + fraction : "")
        return String(repeating: " ", count: max(width - text.count, 0)) + text
    }
}
