import Glibc
import PpgCore

/// The RMSSD noise floor on synthetic readings over a grid of heart rate, frame rate, true RMSSD and stamps
/// (regular, or delivered late as `DeliveryStamps` makes them), and where the error comes from:
/// - the reported RMSSD minus the truth (the heartbeats' own RMSSD);
/// - the causes at low RMSSD: the RMSSD measured before the correction, the same reading from a noise-free camera
///   (what moves the fiducials without noise: overlap of neighbouring pulses, beat-to-beat amplitude change, the
///   filter's response), the floor there is to remove (`√(measured² − truth²)`) and the floor removed
///   (`√(measured² − reported²)`);
/// - the white-noise model (`TimingNoise`) against the timing noise the beats really carry: each reading's beats
///   against the same reading's beats from a noise-free camera.
enum RmssdBiasBenchmark {
    /// The `rmssd-bias` entry of `nfv-bench` (argument: seeds per cell, default 4).
    static var benchmark: Benchmark {
        Benchmark(name: "rmssd-bias",
                  summary: "RMSSD − truth over heart rate × frame rate × true RMSSD × stamps, and its causes",
                  run: { arguments in run(seeds: arguments.first.flatMap { Int($0) } ?? 4) })
    }

    static let heartRates = [50.0, 70.0, 90.0, 110.0, 130.0]
    static let frameRates = [20.0, 30.0, 60.0]
    static let targetsMs = [10.0, 20.0, 40.0, 80.0]

    /// What one reading gives (ms).
    struct Reading {
        var truth: Double
        /// Reported RMSSD, nil when withheld.
        var reported: Double?
        /// RMSSD of the accepted intervals at the beat times reported, before the correction.
        var measured: Double?
        /// `measured` of the same reading from a noise-free camera.
        var noiseFree: Double?
    }

    /// The readings of one cell of the grid.
    struct Cell {
        var readings: [Reading] = []

        func mean(_ value: (Reading) -> Double?) -> Double? { Statistics.mean(readings.compactMap(value)) }
        func bias(_ value: @escaping (Reading) -> Double?) -> Double? {
            mean { reading in value(reading).map { $0 - reading.truth } }
        }
        /// Root of the mean of `a² − b²` over the readings with both.
        func floor(_ a: @escaping (Reading) -> Double?, _ b: @escaping (Reading) -> Double?) -> Double? {
            mean { reading in a(reading).flatMap { x in b(reading).map { x * x - $0 * $0 } } }
                .map { max($0, 0).squareRoot() }
        }
        var returned: Int { readings.filter { $0.reported != nil }.count }
    }

    private static func run(seeds: Int) {
        print("RMSSD − truth (ms) on 60 s synthetic readings (broad pulse, clean camera defaults; the rhythm's RSA,",
              "LF and white parts scaled to the target RMSSD), mean over \(seeds) seeds")
        var cells: [String: Cell] = [:]
        for delivery in [false, true] {
            for fps in frameRates {
                for rate in heartRates {
                    for target in targetsMs {
                        var cell = Cell()
                        for seed in 1...max(seeds, 1) {
                            cell.readings.append(reading(seed: UInt64(seed), fps: fps, rate: rate, target: target,
                                                         delivery: delivery, withNoiseFree: target <= 20))
                        }
                        cells[key(delivery, fps, rate, target)] = cell
                    }
                }
            }
        }
        printBias(cells)
        printCauses(cells)
        printWhiteNoiseModel(seeds: seeds)
        printModelCost()
    }

    /// Cost of preparing the white-noise model (`TimingNoise`: the filter's upsampled impulse response and its
    /// autocorrelation), made once per corrected analysis.
    private static func printModelCost() {
        let extractor = BeatExtractor()
        let costs = frameRates.map { fps -> String in
            let runs = 50
            var checksum = 0.0
            let start = now()
            for _ in 0..<runs {
                checksum += TimingNoise(filter: extractor.filter(sampleRate: fps), sampleRate: fps,
                                        upsamplingFactor: extractor.upsamplingFactor(sampleRate: fps)).fineRate
            }
            let milliseconds = (now() - start) / Double(runs) * 1000
            return "\(Int(fps)) fps \((milliseconds * 1000).rounded() / 1000) ms" + (checksum > 0 ? "" : "?")
        }
        print("\nwhite-noise model preparation (once per corrected analysis): " + costs.joined(separator: ", "))
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    static func key(_ delivery: Bool, _ fps: Double, _ rate: Double, _ target: Double) -> String {
        "\(delivery) \(fps) \(rate) \(target)"
    }

    /// The reported bias: one block per kind of stamps, a row per frame rate and target, a column per heart rate.
    private static func printBias(_ cells: [String: Cell]) {
        for delivery in [false, true] {
            print(delivery ? "\ndelivery-stamped frames" : "\nregular stamps",
                  "('-': RMSSD withheld on every seed, '*': on some)")
            print("fps  target " + heartRates.map { "\(Int($0)) bpm".padded(9) }.joined() + " mean")
            for fps in frameRates {
                for target in targetsMs {
                    var line = "\(Int(fps))".padded(5) + "\(Int(target)) ms".padded(7)
                    var biases: [Double] = []
                    for rate in heartRates {
                        let cell = cells[key(delivery, fps, rate, target)] ?? Cell()
                        guard let bias = cell.bias(\.reported) else {
                            line += "-".padded(9)
                            continue
                        }
                        biases.append(bias)
                        line += (signed(bias) + (cell.returned < cell.readings.count ? "*" : "")).padded(9)
                    }
                    print(line + signed(Statistics.mean(biases) ?? .nan))
                }
            }
            for (name, targets) in [("10–20 ms", targetsMs.prefix(2)), ("40–80 ms", targetsMs.suffix(2))] {
                let readings = cells.filter { entry in
                    entry.key.hasPrefix("\(delivery) ") && targets.contains { entry.key.hasSuffix(" \($0)") }
                }.values.flatMap(\.readings)
                let returned = readings.filter { $0.reported != nil }
                let errors = returned.compactMap { reading in reading.reported.map { $0 - reading.truth } }
                // Baseline: the same readings' RMSSD before the noise correction.
                let uncorrected = returned.compactMap { reading in reading.measured.map { $0 - reading.truth } }
                print("true RMSSD \(name): bias \(signed(Statistics.mean(errors) ?? .nan)),",
                      "MAE \(signed(Statistics.mean(errors.map(abs)) ?? .nan)),",
                      "returned \(errors.count)/\(readings.count); uncorrected on the same readings: bias",
                      "\(signed(Statistics.mean(uncorrected) ?? .nan)),",
                      "MAE \(signed(Statistics.mean(uncorrected.map(abs)) ?? .nan))")
            }
        }
    }

    /// Per stamps, frame rate and low target, for each heart rate: truth; measured − truth before the correction;
    /// the same from a noise-free camera; the floor to remove, √(measured² − truth²); the floor removed,
    /// √(measured² − reported²); reported − truth.
    private static func printCauses(_ cells: [String: Cell]) {
        print("\ncauses at low RMSSD, per heart rate (ms): truth, measured−truth, noise-free camera's measured−truth,",
              "floor to remove, floor removed, reported−truth")
        print("stamps fps target | " + heartRates.map { "\(Int($0)) bpm".padded(34) }.joined(separator: " | "))
        for delivery in [false, true] {
            for fps in frameRates {
                for target in targetsMs.prefix(2) {
                    var line = (delivery ? "deliv  " : "reg    ") + "\(Int(fps))".padded(4) + "\(Int(target))".padded(6)
                    for rate in heartRates {
                        let cell = cells[key(delivery, fps, rate, target)] ?? Cell()
                        let parts = [cell.mean(\.truth), cell.bias(\.measured), cell.bias(\.noiseFree),
                                     cell.floor(\.measured, \.truth), cell.floor(\.measured, \.reported),
                                     cell.bias(\.reported)]
                        let figures = parts.map { ($0.map { String(rounded($0)) } ?? "-").padded(5) }
                        line += " | " + figures.joined(separator: " ")
                    }
                    print(line)
                }
            }
        }
    }

    /// A rhythm at `rate` whose RSA, LF and white parts (the defaults' proportions) give RMSSD ≈ `target`:
    /// a sine of amplitude A at f adds `2A²·sin²(π·f·RR)` to RMSSD², white noise of σ adds `2σ²`.
    static func rhythm(rate: Double, target: Double) -> RhythmParameters {
        let base = RhythmParameters(heartRateBpm: rate)
        let period = 60 / rate
        let sine = { (amplitude: Double, frequency: Double) in
            2 * amplitude * amplitude * pow(sin(Double.pi * frequency * period), 2)
        }
        let square = sine(base.rsaAmplitudeMs, base.breathingFrequencyHz) + sine(base.lfAmplitudeMs, base.lfFrequencyHz)
            + 2 * base.whiteNoiseMs * base.whiteNoiseMs
        let scale = target / square.squareRoot()
        return RhythmParameters(heartRateBpm: rate, rsaAmplitudeMs: scale * base.rsaAmplitudeMs,
                                lfAmplitudeMs: scale * base.lfAmplitudeMs, whiteNoiseMs: scale * base.whiteNoiseMs)
    }

    /// A synthetic reading; `noiseScale` multiplies the camera's white noise.
    static func synthetic(seed: UInt64, fps: Double, rate: Double, target: Double, jitterMs: Double,
                          noiseScale: Double = 1) -> SyntheticReading {
        var camera = CameraParameters(framesPerSecond: fps, timestampJitterMs: jitterMs)
        camera.noise = ChannelTriple(red: noiseScale * camera.noise.red, green: noiseScale * camera.noise.green,
                                     blue: noiseScale * camera.noise.blue)
        return SyntheticReading(configuration: SyntheticConfiguration(
            seed: seed, rhythm: rhythm(rate: rate, target: target), camera: camera))
    }

    static func reading(seed: UInt64, fps: Double, rate: Double, target: Double, delivery: Bool,
                        withNoiseFree: Bool) -> Reading {
        let jitter = delivery ? 0 : 0.5
        let noisy = synthetic(seed: seed, fps: fps, rate: rate, target: target, jitterMs: jitter)
        var result = Reading(truth: noisy.truth.metrics.rmssd ?? .nan)
        let stamped = { (frames: [FrameSample]) in delivery ? DeliveryStamps.restamped(frames, seed: seed) : frames }
        if case .success(let analysis) = FinalAnalyzer().analyze(frames: stamped(noisy.frames)) {
            result.reported = analysis.rmssdMs
            result.measured = acceptedRmssd(analysis.diagnostics.beats)
        }
        if withNoiseFree {
            let clean = synthetic(seed: seed, fps: fps, rate: rate, target: target, jitterMs: jitter, noiseScale: 0)
            if case .success(let analysis) = FinalAnalyzer().analyze(frames: stamped(clean.frames)) {
                result.noiseFree = acceptedRmssd(analysis.diagnostics.beats)
            }
        }
        return result
    }

    /// RMSSD (ms) of the accepted intervals of `records`, over successive accepted pairs.
    static func acceptedRmssd(_ records: [BeatRecord]) -> Double? {
        var squares: [Double] = []
        for index in records.indices.dropFirst() where records[index].accepted && records[index - 1].accepted {
            guard let later = records[index].intervalMs, let earlier = records[index - 1].intervalMs else { continue }
            squares.append((later - earlier) * (later - earlier))
        }
        return Statistics.mean(squares)?.squareRoot()
    }

    /// The white-noise model's floor (`TimingNoise.differenceVariance`, noise level from the raw frames) against
    /// the one the beats carry: the mean square of `e₃ − 2e₂ + e₁`, `e` each beat's time minus the same beat's time
    /// in the same reading from a noise-free camera (regular stamps, no jitter, true RMSSD 20 ms), for the 50 %
    /// crossing and the steepest point.
    private static func printWhiteNoiseModel(seeds: Int) {
        print("\nwhite-noise model vs the timing noise the beats carry (√ mean square of e₃ − 2e₂ + e₁, ms;",
              "regular stamps, true RMSSD 20 ms, \(seeds) seeds)")
        print("fps  bpm   crossing: carried model ratio   steepest: carried model ratio")
        for fps in frameRates {
            for rate in heartRates {
                var crossing = (carried: 0.0, model: 0.0), steepest = crossing
                for seed in 1...max(seeds, 1) {
                    let sums = carriedAndModelled(seed: UInt64(seed), fps: fps, rate: rate)
                    crossing = (crossing.carried + sums.crossing.carried, crossing.model + sums.crossing.model)
                    steepest = (steepest.carried + sums.steepest.carried, steepest.model + sums.steepest.model)
                }
                let readings = Double(max(seeds, 1))
                let row = { (sum: (carried: Double, model: Double)) in
                    String(rounded(1000 * (sum.carried / readings).squareRoot())).padded(8)
                        + String(rounded(1000 * (sum.model / readings).squareRoot())).padded(6)
                        + String((sum.model / sum.carried * 100).rounded() / 100).padded(6)
                }
                print("\(Int(fps))".padded(5) + "\(Int(rate))".padded(16) + row(crossing) + "".padded(16)
                    + row(steepest))
            }
        }
    }

    /// Mean squares (s²) of the carried and modelled successive-difference noise of one reading, per fiducial.
    private static func carriedAndModelled(seed: UInt64, fps: Double, rate: Double)
        -> (crossing: (carried: Double, model: Double), steepest: (carried: Double, model: Double)) {
        let extractor = BeatExtractor()
        let segments = { (noise: Double) in
            ReadingSignal(frames: synthetic(seed: seed, fps: fps, rate: rate, target: 20, jitterMs: 0,
                                            noiseScale: noise).frames).rawSegments(of: .red)
        }
        let noisy = segments(1), clean = segments(0)
        let zero = (crossing: (carried: 0.0, model: 0.0), steepest: (carried: 0.0, model: 0.0))
        guard noisy.count == 1, clean.count == 1, let sigma = TimingNoise.whiteNoiseLevel(noisy[0].samples) else {
            return zero
        }
        let model = TimingNoise(filter: extractor.filter(sampleRate: fps), sampleRate: fps,
                                upsamplingFactor: extractor.upsamplingFactor(sampleRate: fps))
        let beats = extractor.extract(noisy[0], segmentIndex: 0).beats
        let reference = extractor.extract(clean[0], segmentIndex: 0).beats
        let twins = beats.map { beat in
            reference.min { abs($0.time - beat.time) < abs($1.time - beat.time) }
                .flatMap { abs($0.time - beat.time) < 0.1 ? $0 : nil }
        }
        var sums = zero, count = 0.0
        for last in beats.indices.dropFirst(2) {
            let triple = [last - 2, last - 1, last]
            guard triple.allSatisfy({ twins[$0] != nil }) else { continue }
            let second = { (time: (DetectedBeat) -> Double) in
                let e = triple.map { time(beats[$0]) - time(twins[$0]!) }
                return e[2] - 2 * e[1] + e[0]
            }
            let crossingErrors = triple.compactMap { index in
                TimingNoise.BeatError.halfCrossing(crossing: beats[index].time, foot: beats[index].onsetTime,
                                                   peak: beats[index].peakTime, slope: beats[index].upstrokeSlope)
            }
            let steepestErrors = triple.compactMap { index in
                TimingNoise.BeatError.steepest(time: beats[index].steepestTime,
                                               curvature: beats[index].steepestCurvature, fineRate: model.fineRate)
            }
            let crossing = second(\.time), steepest = second(\.steepestTime)
            // A beat matched to a different beat of the noise-free reading is a detection error, not timing noise.
            guard crossingErrors.count == 3, steepestErrors.count == 3, abs(crossing) < 0.1, abs(steepest) < 0.1 else {
                continue
            }
            sums.crossing.carried += crossing * crossing
            sums.crossing.model += model.differenceVariance(
                sigma: sigma, (crossingErrors[0], crossingErrors[1], crossingErrors[2]))
            sums.steepest.carried += steepest * steepest
            sums.steepest.model += model.differenceVariance(
                sigma: sigma, (steepestErrors[0], steepestErrors[1], steepestErrors[2]))
            count += 1
        }
        guard count > 0 else { return zero }
        return ((sums.crossing.carried / count, sums.crossing.model / count),
                (sums.steepest.carried / count, sums.steepest.model / count))
    }

    private static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }

    /// `value` with one decimal and its sign.
    private static func signed(_ value: Double) -> String {
        guard value.isFinite else { return "-" }
        let value = rounded(value)
        return value >= 0 ? "+\(value)" : "\(value)"
    }
}
