import Glibc
import PpgCore
import Testing

/// The synthetic camera mapping and every scenario condition.
struct SyntheticCameraTests {
    private func frames(_ condition: SignalCondition, from start: Double = 5, duration: Double = 5,
                        camera: CameraParameters = CameraParameters(), seed: UInt64 = 1)
        -> (inside: [FrameSample], outside: [FrameSample]) {
        let segment = ScenarioSegment(startS: start, durationS: duration, condition: condition)
        let reading = SyntheticReading(
            configuration: SyntheticConfiguration(seed: seed, camera: camera, scenario: [segment]), durationS: 15)
        return (reading.frames.filter { segment.contains($0.timestamp) },
                reading.frames.filter { !segment.contains($0.timestamp) })
    }

    private func robustPeakToPeak(_ frames: [FrameSample]) -> Double {
        let reds = frames.map(\.red)
        return TestStatistics.percentile(reds, 0.975) - TestStatistics.percentile(reds, 0.025)
    }

    @Test func cleanFramesCarryThePulseAtTheHeartRate() {
        let reading = SyntheticReading(configuration: .noiseless(seed: 2), durationS: 30)
        let times = reading.frames.map(\.timestamp), reds = reading.frames.map(\.red)
        let peakToPeak = robustPeakToPeak(reading.frames)
        #expect(peakToPeak > 2 && peakToPeak < 3.5)
        let heartHz = reading.truth.metrics.heartRateBpm! / 60
        let atHeart = TestStatistics.amplitude(at: heartHz, times: times, values: reds)
        let offHeart = TestStatistics.amplitude(at: heartHz * 1.37, times: times, values: reds)
        #expect(atHeart > 5 * offHeart)
        #expect(reading.frames.allSatisfy { ($0.saturatedFraction ?? 1) < 1e-9 })
    }

    @Test func whiteNoiseHasTheConfiguredLevel() {
        let camera = CameraParameters(noise: ChannelTriple(red: 0.3, green: 0.02, blue: 0.04))
        let noisy = SyntheticReading(configuration: SyntheticConfiguration(seed: 3, camera: camera), durationS: 20)
        let clean = SyntheticReading(configuration: SyntheticConfiguration(
            seed: 3, camera: CameraParameters(noise: ChannelTriple(all: 0))), durationS: 20)
        let residual = zip(noisy.frames, clean.frames).map { $0.red - $1.red }
        #expect(abs(TestStatistics.standardDeviation(residual) - 0.3) < 0.03)
    }

    @Test func frameDropsReallyDrop() {
        let single = SyntheticReading(configuration: SyntheticConfiguration(
            seed: 5, camera: CameraParameters(singleDropProbability: 0.05)), durationS: 60)
        #expect(abs(Double(single.frames.count) / 1800 - 0.95) < 0.02)
        let bursts = SyntheticReading(configuration: SyntheticConfiguration(
            seed: 5, camera: CameraParameters(burstDropProbability: 0.01)), durationS: 60)
        let gaps = zip(bursts.frames.dropFirst(), bursts.frames).map { $0.timestamp - $1.timestamp }
        #expect(gaps.filter { $0 > 0.1 }.count >= 5)
        #expect(gaps.max()! < 0.5 + 2.0 / 30)
        let stalled = frames(.frameStall)
        #expect(stalled.inside.isEmpty)
        #expect(stalled.outside.count > 290)
        let lossy = frames(.frameLoss(probability: 0.5))
        #expect(abs(Double(lossy.inside.count) / 150 - 0.5) < 0.12)
    }

    @Test func startupGapDelaysTheSecondFrame() {
        let reading = SyntheticReading(configuration: SyntheticConfiguration(
            seed: 6, camera: CameraParameters(timestampJitterMs: 0, startupGapS: 0.4)), durationS: 5)
        #expect(abs(reading.frames[1].timestamp - reading.frames[0].timestamp - (0.4 + 1.0 / 30)) < 1e-9)
        #expect(abs(reading.frames[2].timestamp - reading.frames[1].timestamp - 1.0 / 30) < 1e-9)
    }

    @Test func saturationClipsTheRedChannel() {
        let saturated = frames(.saturation(redDC: 254))
        #expect(saturated.inside.allSatisfy { $0.red <= 255 })
        #expect(TestStatistics.mean(saturated.inside.compactMap(\.saturatedFraction)) > 0.4)
        #expect(saturated.outside.allSatisfy { ($0.saturatedFraction ?? 1) < 1e-6 })
        // Beyond 255 the frame mean clips: the pulse (1.5 % of 262 ≈ 3.9 counts unclipped) nearly vanishes.
        let camera = CameraParameters(noise: ChannelTriple(all: 0), riiv: 0, wanderFraction: 0)
        let clipped = frames(.saturation(redDC: 262), camera: camera).inside
        #expect(clipped.allSatisfy { $0.red <= 255 && $0.red > 250 })
        #expect(robustPeakToPeak(clipped) < 0.5 * 262 * 0.015)
        #expect(clipped.allSatisfy { ($0.saturatedFraction ?? 0) > 0.9 })
    }

    @Test func noContactHasNoPulseAndSceneLevels() {
        let scene = frames(.fingerLifted).inside
        for frame in scene {
            #expect([frame.red, frame.green, frame.blue].allSatisfy { $0 > 60 && $0 < 140 })
        }
        let reds = scene.map(\.red)
        #expect(TestStatistics.standardDeviation(reds) > 2)
        let dark = frames(.noContactDark(level: ChannelTriple(red: 20, green: 2, blue: 3))).inside
        #expect(dark.allSatisfy { $0.red < 40 })
    }

    @Test func weakSignalShrinksThePulse() {
        let camera = CameraParameters(noise: ChannelTriple(all: 0), riiv: 0, wanderFraction: 0)
        let weak = frames(.weakSignal(redAcFraction: 0.0025), camera: camera)
        let amplitude = robustPeakToPeak(weak.inside)
        #expect(amplitude > 0.3 && amplitude < 0.6)
        #expect(robustPeakToPeak(weak.outside) > 2)
    }

    @Test func ambientFlickerAliasesAtTheFrameRate() {
        let light = ChannelTriple(red: 120, green: 115, blue: 110)
        let inside = frames(.ambientLight(level: light, mainsHz: 50, flickerDepth: 0.05), duration: 8,
                            camera: CameraParameters(timestampJitterMs: 0)).inside
        let times = inside.map(\.timestamp), reds = inside.map(\.red)
        // 100 Hz flicker sampled at 30 fps appears at |100 − 3·30| = 10 Hz.
        let alias = TestStatistics.amplitude(at: 10, times: times, values: reds)
        #expect(abs(alias - 120 * 0.05) < 0.5)
        #expect(TestStatistics.amplitude(at: 1.2, times: times, values: reds) < 0.5)
    }

    @Test func constantNoiseAndQuantizedFrames() {
        let level = ChannelTriple(red: 100.25, green: 50, blue: 25)
        let constant = frames(.constant(level: level)).inside
        #expect(constant.allSatisfy { $0.red == 100.25 && $0.green == 50 && $0.blue == 25 })
        let noise = frames(.pureNoise(sd: 5)).inside
        #expect(abs(TestStatistics.standardDeviation(noise.map(\.red)) - 5) < 0.7)
        let quantized = SyntheticReading(configuration: SyntheticConfiguration(
            seed: 7, camera: CameraParameters(quantize: true)), durationS: 5)
        #expect(quantized.frames.allSatisfy { $0.red == $0.red.rounded() && $0.blue == $0.blue.rounded() })
    }

    @Test func pressureDriftMovesDcAgainstThePulse() {
        let camera = CameraParameters(noise: ChannelTriple(all: 0), riiv: 0, wanderFraction: 0)
        let drift = frames(.pressureDrift(change: 0.1), from: 2, duration: 10, camera: camera).inside
        let middle = drift.filter { abs($0.timestamp - 7) < 1 }
        #expect(TestStatistics.mean(middle.map(\.red)) > 200 * 1.09 * (1 - 0.015))
    }

    @Test func motionBurstMovesFramesAndAccelerometerTogether() {
        let segment = ScenarioSegment(startS: 5, durationS: 2, condition: .typicalMotion)
        let reading = SyntheticReading(
            configuration: SyntheticConfiguration(seed: 8, scenario: [segment]), durationS: 12)
        let peakFrames = reading.frames.filter { abs($0.timestamp - 6) < 0.2 }
        let quietFrames = reading.frames.filter { $0.timestamp > 8 }
        #expect(TestStatistics.mean(peakFrames.map(\.red)) - TestStatistics.mean(quietFrames.map(\.red)) > 20)
        #expect(TestStatistics.mean(peakFrames.map(\.green)) > 40)
        let magnitude = { (sample: MotionSample) in
            (sample.x * sample.x + sample.y * sample.y + sample.z * sample.z).squareRoot()
        }
        let inside = reading.motion.filter { segment.contains($0.timestamp) }.map(magnitude)
        let outside = reading.motion.filter { !segment.contains($0.timestamp) }.map(magnitude)
        #expect(TestStatistics.standardDeviation(inside) > 20 * TestStatistics.standardDeviation(outside))
        #expect(reading.motion.allSatisfy { $0.timestamp < 12 })
    }
}
