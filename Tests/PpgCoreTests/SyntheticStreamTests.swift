import PpgCore
import Testing

/// The streaming generator: determinism, streaming == batch, mid-stream changes, truth consistency.
struct SyntheticStreamTests {
    @Test func sameSeedGivesIdenticalSamples() {
        let configuration = SyntheticConfiguration(seed: 42, scenario: ScenarioSegment.demonstrationSession)
        let first = SyntheticReading(configuration: configuration, durationS: 20)
        let second = SyntheticReading(configuration: configuration, durationS: 20)
        #expect(first.frames == second.frames)
        #expect(first.motion == second.motion)
        #expect(first.truth.beats == second.truth.beats)
        let other = SyntheticReading(configuration: SyntheticConfiguration(seed: 43), durationS: 20)
        #expect(other.frames != first.frames)
    }

    @Test func mergedStreamEqualsBatchReading() {
        let configuration = SyntheticConfiguration(
            seed: 9, camera: CameraParameters(singleDropProbability: 0.02, burstDropProbability: 0.005),
            scenario: ScenarioSegment.demonstrationSession,
            beatArtifacts: [BeatArtifact(kind: .extra, beatIndex: 12)])
        let reading = SyntheticReading(configuration: configuration, durationS: 30)
        var stream = SyntheticPpgStream(configuration: configuration)
        var frames: [FrameSample] = [], motion: [MotionSample] = []
        var previous = -Double.infinity
        while let sample = stream.next(), sample.timestamp < 30 {
            #expect(sample.timestamp >= previous)
            previous = sample.timestamp
            switch sample {
            case .frame(let frame): frames.append(frame)
            case .motion(let sample): motion.append(sample)
            }
        }
        #expect(frames == reading.frames)
        #expect(motion == reading.motion)
        #expect(stream.recordedBeats.isEmpty)
    }

    @Test(arguments: [20.0, 30.0, 60.0])
    func truthMatchesTheConfiguredRhythmAndFrameRate(fps: Double) throws {
        let configuration = SyntheticConfiguration(seed: UInt64(fps), camera: CameraParameters(framesPerSecond: fps))
        let reading = SyntheticReading(configuration: configuration)
        #expect(abs(Double(reading.frames.count) - 60 * fps) <= 1)
        #expect(reading.motion.count == 3000)
        let steps = zip(reading.frames.dropFirst(), reading.frames).map { $0.timestamp - $1.timestamp }
        #expect(abs(TestStatistics.mean(steps) - 1 / fps) < 1e-5)
        #expect(abs(TestStatistics.standardDeviation(steps) - 0.5e-3 * 2.0.squareRoot()) < 0.2e-3)
        let heartRate = try #require(reading.truth.metrics.heartRateBpm)
        #expect(abs(heartRate - 70) < 3)
        #expect(reading.truth.windowBeats.allSatisfy { $0.cleanOnsetS > 0 && $0.cleanOnsetS < 60 })
        let redMean = TestStatistics.mean(reading.frames.map(\.red))
        #expect(abs(redMean - 200 * (1 - 0.015 * 0.5)) < 1.5)
    }

    @Test func parameterChangesApplyMidStream() throws {
        var stream = SyntheticPpgStream(configuration: SyntheticConfiguration(seed: 4), recordsBeats: true)
        var lastTimestamp = 0.0
        while lastTimestamp < 30 {
            let frame = stream.nextFrame()
            lastTimestamp = try #require(frame).timestamp
        }
        stream.configuration.rhythm.heartRateBpm = 100
        stream.configuration.camera.framesPerSecond = 60
        var late: [FrameSample] = []
        while lastTimestamp < 60 {
            let next = stream.nextFrame()
            let frame = try #require(next)
            late.append(frame)
            lastTimestamp = frame.timestamp
        }
        let steps = zip(late.dropFirst(), late).map { $0.timestamp - $1.timestamp }
        #expect(abs(TestStatistics.mean(steps) - 1.0 / 60) < 1e-4)
        let lateBeats = stream.recordedBeats.filter { $0.cleanOnsetS > 35 && $0.cleanOnsetS < 60 }
        let lateRate = try #require(HrvMetrics(beatTimesS: lateBeats.map(\.cleanOnsetS)).heartRateBpm)
        #expect(abs(lateRate - 100) < 4)
    }

    @Test func upstrokeFiducialSitsAtHalfTheRise() throws {
        let shape = PulseShape.broad
        let pulse = SyntheticBeat(index: 0, kind: .normal, onsetS: 1, cleanOnsetS: 1, amplitude: 1)
        let time = try #require(UpstrokeFiducial.times(of: [pulse], shape: shape)[0])
        let peak = stride(from: 0.0, through: 0.6, by: 0.001).map(shape.value(at:)).max()!
        let foot = shape.value(at: -UpstrokeFiducial.firstFootSearchS)
        #expect(abs(shape.value(at: time - 1) - 0.5 * (peak + foot)) < 2e-3)
        #expect(time > 1 && time < 1.2)
    }

    @Test func truthFiducialsFollowBeatsAndSkipMissedOnes() {
        let configuration = SyntheticConfiguration(seed: 21, beatArtifacts: [BeatArtifact(kind: .missed, beatIndex: 30)])
        let truth = SyntheticReading(configuration: configuration).truth
        #expect(truth.upstrokeTimesS.count == truth.windowBeats.count)
        for (beat, time) in zip(truth.windowBeats, truth.upstrokeTimesS) {
            if beat.kind == .missed {
                #expect(time == nil)
            } else if let time {
                #expect(time - beat.onsetS > 0 && time - beat.onsetS < 0.15)
            } else {
                Issue.record("no fiducial for a rendered beat")
            }
        }
        #expect(truth.windowBeats.contains { $0.kind == .missed })
        let upstrokes = truth.upstrokeTimesS.compactMap { $0 }
        let offsets = zip(upstrokes, truth.windowBeats.filter { $0.amplitude > 0 }).map { $0 - $1.onsetS }
        #expect(TestStatistics.standardDeviation(offsets) < 0.003)
    }
}
