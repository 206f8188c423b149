// nfv-bench live: the live analyzer's cost per pushed frame (plain pushes, beat-confirmation sub-ticks, ticks) at 30
// and 60 fps, with the share of the time spent in the analysis; and its accuracy on synthetic readings (beats,
// beat timing, heart rate, RMSSD).

import Glibc
import PpgCore

/// The `live` entry of `nfv-bench`.
enum LiveBenchmark {
    /// The benchmark entry.
    static var benchmark: Benchmark {
        Benchmark(name: "live",
                  summary: "LiveAnalyzer µs per pushed frame (mean/worst, plain/sub-tick/tick, analysis share); "
                      + "live beat and HR accuracy on synthetic readings",
                  run: { _ in run() })
    }

    private static func run() {
        print("cost per pushed frame (60 s synthetic reading with accelerometer, best of 3 runs;")
        print("worst includes scheduler noise). Allocations are not counted: a plain push only writes into")
        print("preallocated storage; sub-ticks and ticks allocate their working arrays (beat extractor, quality meter")
        print("and breathing).")
        print("fps  kind       pushes  mean µs  worst µs")
        for fps in [30.0, 60.0] {
            printCost(SyntheticConfiguration(seed: 1, camera: CameraParameters(framesPerSecond: fps)))
        }
        print("")
        print("the same on faint saturated captures (SaturatedWeakPulse seeds 0-1: red 241-254, about a count of pulse;")
        print("their ticks score below the pass threshold, so each also looks 15 s back on up to two channels)")
        print("fps  kind       pushes  mean µs  worst µs")
        for seed: UInt64 in 0...1 {
            printCost(SaturatedWeakPulse(seed: seed).configuration)
        }
        print("")
        print("accuracy on synthetic readings (5 seeds, HR 55-95, 60 s;")
        print("beats matched within 50 ms of the true upstroke)")
        print("fps  matched  extra  timing SD ms  HR MAE bpm (ticks ≥ 10 s)  RMSSD live-true ms (60 s)")
        for fps in [20.0, 30.0, 60.0] { printAccuracy(fps: fps) }
    }

    // MARK: cost

    private enum Kind: Int, CaseIterable {
        case plain, subTick, tick
        var name: String { ["plain", "sub-tick", "tick"][rawValue] }
    }

    private struct Cost {
        var count = 0, total = 0.0, worst = 0.0
    }

    /// Prints the cost per push of a 60 s reading of `configuration` by kind, best of three runs.
    private static func printCost(_ configuration: SyntheticConfiguration) {
        let fps = configuration.camera.framesPerSecond
        let reading = SyntheticReading(configuration: configuration)
        var best: [Cost] = []
        for _ in 0..<3 {
            let costs = measure(reading)
            if best.isEmpty || total(costs) < total(best) { best = costs }
        }
        var all = Cost()
        for kind in Kind.allCases {
            let cost = best[kind.rawValue]
            all.count += cost.count
            all.total += cost.total
            all.worst = max(all.worst, cost.worst)
            print(pad(String(Int(fps)), 5) + pad(kind.name, 11) + pad(String(cost.count), 7, right: true)
                  + pad(format(1e6 * cost.total / Double(max(cost.count, 1)), 2), 9, right: true)
                  + pad(format(1e6 * cost.worst, 1), 10, right: true))
        }
        let analysisShare = (best[Kind.subTick.rawValue].total + best[Kind.tick.rawValue].total) / all.total
        print(pad(String(Int(fps)), 5) + pad("all", 11) + pad(String(all.count), 7, right: true)
              + pad(format(1e6 * all.total / Double(all.count), 2), 9, right: true)
              + pad(format(1e6 * all.worst, 1), 10, right: true)
              + "   (analysis share of the time \(format(100 * analysisShare, 1)) %; "
              + "\(format(100 * all.total / reading.frames.last!.timestamp, 3)) % of one core in real time)")
    }

    private static func total(_ costs: [Cost]) -> Double { costs.reduce(0) { $0 + $1.total } }

    /// Times every push of `reading` (motion samples pushed in between, not timed), classified by what it did.
    private static func measure(_ reading: SyntheticReading) -> [Cost] {
        var analyzer = LiveAnalyzer()
        var costs = [Cost](repeating: Cost(), count: Kind.allCases.count)
        let origin = reading.frames[0].timestamp
        var lastSubTick = 0, motionIndex = 0
        for frame in reading.frames {
            while motionIndex < reading.motion.count && reading.motion[motionIndex].timestamp <= frame.timestamp {
                analyzer.push(reading.motion[motionIndex])
                motionIndex += 1
            }
            let start = seconds()
            let step = analyzer.push(frame)
            let elapsed = seconds() - start
            let subTick = Int(((frame.timestamp - origin) / 0.25).rounded(.down))
            let kind: Kind = step.tick != nil ? .tick : subTick > lastSubTick ? .subTick : .plain
            lastSubTick = max(lastSubTick, subTick)
            costs[kind.rawValue].count += 1
            costs[kind.rawValue].total += elapsed
            costs[kind.rawValue].worst = max(costs[kind.rawValue].worst, elapsed)
        }
        return costs
    }

    // MARK: accuracy

    private static func printAccuracy(fps: Double) {
        var matched = 0, expected = 0, extra = 0
        var timingErrors: [Double] = [], heartRateErrors: [Double] = [], rmssdDifferences: [Double] = []
        for seed in UInt64(1)...5 {
            let configuration = SyntheticConfiguration(
                seed: seed, rhythm: RhythmParameters(heartRateBpm: 55 + 10 * Double(seed - 1)),
                camera: CameraParameters(framesPerSecond: fps))
            let reading = SyntheticReading(configuration: configuration)
            var analyzer = LiveAnalyzer()
            var beats: [LiveBeat] = [], ticks: [LiveTick] = []
            for frame in reading.frames {
                let step = analyzer.push(frame)
                beats += step.beats
                if let tick = step.tick { ticks.append(tick) }
            }
            let truth = reading.truth.upstrokeTimesS.compactMap { $0 }
            for time in truth where time > 3 && time < 59 {
                expected += 1
                if let beat = beats.first(where: { abs($0.time - time) < 0.05 }) {
                    matched += 1
                    timingErrors.append(beat.time - time)
                }
            }
            extra += beats.filter { beat in beat.time > 3 && beat.time < 59
                && !truth.contains { abs($0 - beat.time) < 0.05 } }.count
            for tick in ticks where tick.time >= 10 {
                guard let rate = tick.heartRateBpm else { continue }
                let ends = (1..<truth.count).filter { truth[$0] > tick.time - 10 && truth[$0] <= tick.time }
                let mean = ends.reduce(0) { $0 + truth[$1] - truth[$1 - 1] } / Double(ends.count)
                heartRateErrors.append(abs(rate - 60 / mean))
            }
            if let live = ticks.last?.rmssdMs, let trueRmssd = reading.truth.metrics.rmssd {
                rmssdDifferences.append(live - trueRmssd)
            }
        }
        print(pad(String(Int(fps)), 5) + pad("\(matched)/\(expected)", 9) + pad(String(extra), 7)
              + pad(format(1000 * standardDeviation(timingErrors), 2), 14)
              + pad(format(mean(heartRateErrors), 2), 27)
              + rmssdDifferences.map { format($0, 1) }.joined(separator: " "))
    }

    // MARK: helpers

    private static func mean(_ values: [Double]) -> Double {
        values.isEmpty ? .nan : values.reduce(0, +) / Double(values.count)
    }

    private static func standardDeviation(_ values: [Double]) -> Double {
        let centre = mean(values)
        return (values.reduce(0) { $0 + ($1 - centre) * ($1 - centre) } / Double(max(values.count - 1, 1)))
            .squareRoot()
    }

    private static func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private static func format(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return "-" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((abs(value) * scale).rounded())
        let whole = String(scaled / Int(scale)), fraction = String(scaled % Int(scale))
        return (value < 0 && scaled > 0 ? "-" : "") + whole
            + (decimals > 0 ? "." + String(repeating: "0", count: decimals - fraction.count) + fraction : "")
    }

    private static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(width - text.count, 0))
        return right ? fill + text : text + fill
    }
}
