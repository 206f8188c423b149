import Glibc
import Testing
@testable import PpgCore

/// Readings that are clean but for one disturbance of the kinds a reading from an unfamiliar phone holds: the
/// finger being placed in the first seconds, one short motion burst, one change of pressure. The final analysis
/// answers them from their clean part (never far off at quality ≥ usable), and the same disturbances laid over
/// captures without a pulse give no heart rate at quality ≥ usable.
struct DisturbedReadingTests {
    /// The disturbances, laid over a reading's frames with parameters drawn from a seed (the shapes of
    /// `scripts/bench-perturbed`).
    enum Disturbance: CaseIterable {
        /// No finger for the first 2–12 s (a dark lens or a grey room), then the level settles from 15–40 % off.
        case placement
        /// One 1–4 s burst: every channel's level moves by 15–50 % with a 0.5–3 Hz shake.
        case burst
        /// The level steps by 10–30 % within 0.3 s and the pulse amplitude changes by a factor of 0.4–1.6.
        case pressure

        func apply(to frames: [FrameSample], seed: UInt64) -> [FrameSample] {
            var random = SeededRandom(seed: seed, stream: 77)
            let first = frames.first?.timestamp ?? 0, last = frames.last?.timestamp ?? 0
            let level = ChannelTriple(red: mean(frames.map(\.red)), green: mean(frames.map(\.green)),
                                      blue: mean(frames.map(\.blue)))
            switch self {
            case .placement:
                let onset = first + random.uniform(in: 2...12), tau = random.uniform(in: 0.7...2.5)
                let grey = random.chance(0.5) ? random.uniform(in: 1...15) : random.uniform(in: 60...160)
                let offset = (random.chance(0.5) ? -1.0 : 1.0) * random.uniform(in: 0.15...0.4)
                return frames.map { frame in
                    if frame.timestamp < onset {
                        return FrameSample(timestamp: frame.timestamp, red: grey + random.gaussian(),
                                           green: grey + random.gaussian(), blue: grey + random.gaussian())
                    }
                    let settling = offset * Glibc.exp(-(frame.timestamp - onset) / tau)
                    return shifted(frame, by: ChannelTriple(red: settling * level.red, green: settling * level.green,
                                                            blue: settling * level.blue))
                }
            case .burst:
                let length = random.uniform(in: 1...4), start = random.uniform(in: (first + 5)...(last - 9))
                let shift = (random.chance(0.5) ? -1.0 : 1.0) * random.uniform(in: 0.15...0.5)
                let shakeHz = random.uniform(in: 0.5...3), shake = random.uniform(in: 0.2...0.6)
                return frames.map { frame in
                    let phase = (frame.timestamp - start) / length
                    guard phase >= 0, phase <= 1 else { return frame }
                    let envelope = Glibc.pow(Glibc.sin(Double.pi * phase), 2)
                    let move = shift * envelope * (1 + shake * Glibc.sin(2 * Double.pi * shakeHz * phase * length))
                    return shifted(frame, by: ChannelTriple(red: move * level.red, green: move * level.green,
                                                            blue: move * level.blue))
                }
            case .pressure:
                let moment = random.uniform(in: (first + 8)...(last - 8))
                let step = (random.chance(0.5) ? -1.0 : 1.0) * random.uniform(in: 0.1...0.3)
                let factor = random.uniform(in: 0.4...1.6)
                let reds = movingAverage(frames.map(\.red)), greens = movingAverage(frames.map(\.green))
                let blues = movingAverage(frames.map(\.blue))
                return frames.indices.map { index in
                    let frame = frames[index]
                    let blend = min(max((frame.timestamp - moment) / 0.3, 0), 1)
                    func pressed(_ value: Double, _ base: Double) -> Double {
                        base * (1 + step * blend) + (value - base) * (1 + (factor - 1) * blend)
                    }
                    return clipped(FrameSample(timestamp: frame.timestamp, red: pressed(frame.red, reds[index]),
                                               green: pressed(frame.green, greens[index]),
                                               blue: pressed(frame.blue, blues[index])))
                }
            }
        }

        private func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(max(values.count, 1)) }

        /// Centred moving average over 45 frames (1.5 s at 30 fps), fewer at the ends.
        private func movingAverage(_ values: [Double]) -> [Double] {
            values.indices.map { index in
                let range = max(0, index - 22)...min(values.count - 1, index + 22)
                return mean(Array(values[range]))
            }
        }

        private func shifted(_ frame: FrameSample, by delta: ChannelTriple) -> FrameSample {
            clipped(FrameSample(timestamp: frame.timestamp, red: frame.red + delta.red,
                                green: frame.green + delta.green, blue: frame.blue + delta.blue))
        }

        private func clipped(_ frame: FrameSample) -> FrameSample {
            FrameSample(timestamp: frame.timestamp, red: min(max(frame.red, 0), 255),
                        green: min(max(frame.green, 0), 255), blue: min(max(frame.blue, 0), 255))
        }
    }

    @Test(arguments: Disturbance.allCases)
    func aCleanReadingWithOneDisturbanceIsAnsweredFromItsCleanPart(_ disturbance: Disturbance) throws {
        for seed: UInt64 in 41...43 {
            let synthetic = SyntheticReading(configuration: SyntheticConfiguration(seed: seed))
            let frames = disturbance.apply(to: synthetic.frames, seed: seed)
            let result = try FinalAnalyzer().analyze(frames: frames).get()
            let truth = try #require(synthetic.truth.metrics.heartRateBpm)
            #expect(result.quality != .withheld, "seed \(seed): \(result.flags)")
            #expect(abs(result.heartRateBpm - truth) <= 5, "seed \(seed): \(result.heartRateBpm) vs \(truth)")
        }
    }

    @Test(arguments: Disturbance.allCases)
    func theSameDisturbancesWithoutAPulseGiveNoUsableHeartRate(_ disturbance: Disturbance) {
        for seed: UInt64 in 51...53 {
            var camera = CameraParameters()
            camera.acFraction = ChannelTriple(all: 0)
            let synthetic = SyntheticReading(configuration: SyntheticConfiguration(seed: seed, camera: camera))
            let frames = disturbance.apply(to: synthetic.frames, seed: seed)
            if case .success(let result) = FinalAnalyzer().analyze(frames: frames), result.quality != .withheld {
                Issue.record("seed \(seed): \(result.heartRateBpm) bpm at quality \(result.quality), \(result.flags)")
            }
        }
    }

    /// A torch-lit red channel near the top of its range with a dead green (a phone whose only pulse is in red),
    /// pressed harder after `stepTime` s: the level steps up 10 % and red clips at 255 from then on.
    static func pressedIntoClipping(seed: UInt64, heartRate: Double, pulseCounts: Double,
                                    stepTime: Double) -> (frames: [FrameSample], truth: Double?) {
        var camera = CameraParameters.saturatedDeadGreen(redDc: 238, pulseCounts: pulseCounts)
        if pulseCounts == 0 { camera.acFraction = ChannelTriple(all: 0) }
        let reading = SyntheticReading(configuration: SyntheticConfiguration(
            seed: seed, rhythm: RhythmParameters(heartRateBpm: heartRate), camera: camera))
        let frames = reading.frames.map { frame in
            let pressed = frame.timestamp >= stepTime ? min(frame.red * 1.1, 255) : frame.red
            return FrameSample(timestamp: frame.timestamp, red: pressed, green: frame.green, blue: frame.blue)
        }
        return (frames, reading.truth.metrics.heartRateBpm)
    }

    @Test func aReadingPressedIntoClippingIsAnsweredFromItsPartBeforeTheStep() throws {
        for (seed, heartRate, stepTime) in [(61, 62.0, 45.0), (62, 85.0, 33.0), (63, 110.0, 26.0)] as
            [(UInt64, Double, Double)] {
            let reading = Self.pressedIntoClipping(seed: seed, heartRate: heartRate, pulseCounts: 2,
                                                   stepTime: stepTime)
            let result = try FinalAnalyzer().analyze(frames: reading.frames).get()
            let truth = try #require(reading.truth)
            #expect(result.quality != .withheld, "seed \(seed): \(result.flags)")
            #expect(abs(result.heartRateBpm - truth) <= 5, "seed \(seed): \(result.heartRateBpm) vs \(truth)")
            // The part analysed leaves the clipped stretch out: it ends before the step, or the step is cut out.
            let leftOut = try #require(result.diagnostics.analysedSegmentEnd ?? result.diagnostics.analysedCutStart,
                                       "seed \(seed): \(result.flags)")
            // No clipped frame is analysed. (A level run ends within half a block of `stepTime − cutMargin`; a
            // consistent part found by the part search may end at the last frame before the step.)
            #expect(leftOut <= stepTime, "seed \(seed): part ends at \(leftOut) s, \(result.flags)")
            let isShort = result.diagnostics.analysedSegmentStart.map {
                leftOut - $0 < FinalAnalyzer.minimumSegmentSeconds
            } ?? false
            #expect(result.flags.contains(FinalAnalyzer.shortPartFlag) == isShort, "seed \(seed): \(result.flags)")
            if isShort { #expect(result.rmssdMs == nil && result.sdnnMs == nil && result.quality == .usable) }
        }
    }

    @Test func aPulseFreeReadingPressedIntoClippingGivesNoUsableHeartRate() {
        for seed: UInt64 in 64...66 {
            let reading = Self.pressedIntoClipping(seed: seed, heartRate: 75, pulseCounts: 0, stepTime: 30)
            let outcome = FinalAnalyzer().analyze(frames: reading.frames)
            if case .success(let result) = outcome, result.quality != .withheld {
                Issue.record("seed \(seed): \(result.heartRateBpm) bpm at quality \(result.quality), \(result.flags)")
            }
        }
    }

    @Test func aLevelRunIsWhereAChannelThatClipsOverTheReadingIsLitBelowItsCeiling() throws {
        let reading = Self.pressedIntoClipping(seed: 67, heartRate: 75, pulseCounts: 2, stepTime: 30)
        let runs = FinalAnalyzer().levelRuns(frames: reading.frames)
        let first = try #require(reading.frames.first?.timestamp)
        let run = try #require(runs.first)
        #expect(runs.count == 1 && run.lowerBound == first)
        #expect(abs(run.upperBound - (30 - FinalAnalyzer.cutMarginSeconds)) <= FinalAnalyzer.levelBlockSeconds / 2)
        let unpressed = Self.pressedIntoClipping(seed: 67, heartRate: 75, pulseCounts: 2, stepTime: .infinity)
        #expect(FinalAnalyzer().levelRuns(frames: unpressed.frames).isEmpty)
    }

    @Test func aDisturbanceCutIsOneShortStretchAroundTheDisturbedBlocks() throws {
        let synthetic = SyntheticReading(configuration: SyntheticConfiguration(seed: 44))
        let frames = Disturbance.burst.apply(to: synthetic.frames, seed: 44)
        let analyzer = FinalAnalyzer()
        var plans = FourierPlans()
        let cut = try #require(analyzer.disturbanceCut(analyzer.measureSpan(frames: frames, motion: [], plans: &plans),
                                                       channel: .red))
        #expect(cut.upperBound - cut.lowerBound <= FinalAnalyzer.maximumCutSeconds)
        let moved = frames.indices.filter { abs(frames[$0].red - synthetic.frames[$0].red) > 1 }
        #expect(!moved.isEmpty)
        #expect(moved.allSatisfy { cut.contains(frames[$0].timestamp) })
        let undisturbed = analyzer.measureSpan(frames: synthetic.frames, motion: [], plans: &plans)
        #expect(analyzer.disturbanceCut(undisturbed, channel: .red) == nil)
    }

    /// Frame times far apart (found by the analysis fuzzer: a block count beyond `Int.max` trapped) give no level
    /// run instead of a crash, and the analysis of such a reading fails with an error.
    @Test func framesFarApartInTimeGiveNoLevelRun() {
        let clipped = [FrameSample(timestamp: 0, red: 255, green: 0, blue: 0),
                       FrameSample(timestamp: 1, red: 255, green: 0, blue: 0),
                       FrameSample(timestamp: 1e300, red: 200, green: 0, blue: 0)]
        #expect(FinalAnalyzer().levelRuns(frames: clipped).isEmpty)
        if case .success = FinalAnalyzer().analyze(frames: clipped) { Issue.record("a 1e300 s reading was analysed") }
    }
}
