import PpgCore
import Testing

/// The live analyzer's clock: ticks, sub-tick beat confirmation, reset, gaps, invalid frames and determinism.
struct LiveTimingTests {
    private func reading(seed: UInt64, duration: Double, camera: CameraParameters = CameraParameters(),
                         scenario: [ScenarioSegment] = []) -> SyntheticReading {
        SyntheticReading(configuration: SyntheticConfiguration(seed: seed, camera: camera, scenario: scenario),
                         durationS: duration)
    }

    @Test func ticksComeExactlyOncePerSecondOfSampleTime() throws {
        let source = reading(seed: 31, duration: 20, camera: CameraParameters(
            framesPerSecond: 30, startupGapS: 0.4, singleDropProbability: 0.02))
        let frames = source.frames
        let run = LiveRun(source)
        let origin = try #require(frames.first).timestamp
        let tickIndices = run.steps.indices.filter { run.steps[$0].tick != nil }
        #expect(tickIndices.count == Int((frames[frames.count - 1].timestamp - origin).rounded(.down)))
        for (k, index) in tickIndices.enumerated() {
            let time = try #require(run.steps[index].tick).time
            #expect(time == origin + Double(k + 1))
            #expect(frames[index].timestamp >= time && frames[index - 1].timestamp < time, "tick \(k + 1)")
        }
    }

    @Test func beatsAreReportedSoonAfterTheirPeakAndNeverBefore() {
        let source = reading(seed: 32, duration: 20)
        let run = LiveRun(source)
        for (index, step) in run.steps.enumerated() {
            let now = source.frames[index].timestamp
            for beat in step.beats {
                // The peak follows the upstroke by ~0.1–0.2 s and must be 0.3 s old; a sub-tick comes every 0.25 s.
                // The first analysis waits for 2 s of frames.
                #expect(now - beat.time > 0.3, "beat at \(beat.time) reported at \(now)")
                #expect(now - beat.time < 0.9 || now < 2.3, "beat at \(beat.time) reported at \(now)")
            }
        }
        let subTickSteps = run.steps.filter { !$0.beats.isEmpty }.count
        #expect(subTickSteps >= run.beats.count / 2)
    }

    @Test func resetRephasesTicksAndForgetsBeats() throws {
        let source = reading(seed: 33, duration: 50)
        let resetTime = 12.3
        let run = LiveRun(source, resetAt: [resetTime])
        let firstAfter = try #require(source.frames.first { $0.timestamp >= resetTime }).timestamp
        let later = run.ticks.filter { $0.time > resetTime }
        #expect(later.enumerated().allSatisfy { $0.element.time == firstAfter + Double($0.offset + 1) })
        let afterReset = run.beats.filter { $0.time >= resetTime }
        #expect(afterReset.first?.ibiMs == nil)
        #expect(afterReset.dropFirst().allSatisfy { $0.ibiMs != nil })
        #expect(run.beats.allSatisfy { $0.time >= firstAfter || $0.time < resetTime - 0.25 })
        let firstTick = try #require(later.first)
        #expect(firstTick.heartRateBpm == nil && firstTick.estimate == .none)
        #expect(later.filter { $0.time - firstAfter < 19.5 }.allSatisfy { $0.rmssdMs == nil })
        #expect(later.filter { $0.time - firstAfter > 20.5 }.allSatisfy { $0.rmssdMs != nil })
        #expect(later.filter { $0.time - firstAfter < 29.5 }.allSatisfy { $0.breathingRateBrpm == nil })
        #expect(later.filter { $0.time - firstAfter > 30.5 }.allSatisfy { $0.breathingRateBrpm != nil })
        // Contact and quality carry on through the reset: the frames are not forgotten.
        #expect(firstTick.contact && (firstTick.qualityScore ?? 0) >= 0.8)
    }

    @Test func noIntervalSpansAFrameGap() throws {
        let source = reading(seed: 34, duration: 35,
                             scenario: [ScenarioSegment(startS: 15, durationS: 2, condition: .frameStall)])
        let beats = LiveRun(source).beats
        let firstAfterGap = try #require(beats.first { $0.time > 17 })
        #expect(firstAfterGap.ibiMs == nil)
        for beat in beats {
            guard let ibi = beat.ibiMs else { continue }
            let start = beat.time - ibi / 1000
            #expect(start >= 17 || beat.time <= 15, "interval \(start)…\(beat.time)")
            #expect(ibi < 2000)
        }
        #expect(beats.filter { $0.time > 19 && $0.time < 34 }.count >= 15)
    }

    @Test func invalidFramesAreIgnored() {
        let frames = reading(seed: 35, duration: 15).frames
        var clean = LiveAnalyzer(), noisy = LiveAnalyzer()
        for (index, frame) in frames.enumerated() {
            let expected = clean.push(frame)
            #expect(noisy.push(frame) == expected)
            guard index % 7 == 3 else { continue }
            var repeated = frame
            repeated.red += 50
            #expect(noisy.push(repeated) == LiveStep())
            #expect(noisy.push(FrameSample(timestamp: frame.timestamp - 0.01, red: 1, green: 1, blue: 1)) == LiveStep())
            #expect(noisy.push(FrameSample(timestamp: frame.timestamp + 0.001, red: .nan, green: 1, blue: 1))
                == LiveStep())
            #expect(noisy.push(FrameSample(timestamp: .infinity, red: 1, green: 1, blue: 1)) == LiveStep())
        }
    }

    @Test func sameFramesGiveIdenticalSteps() {
        let source = reading(seed: 36, duration: 40, scenario: Array(ScenarioSegment.demonstrationSession.prefix(3)))
        let first = LiveRun(source, resetAt: [8])
        let second = LiveRun(source, resetAt: [8])
        #expect(first.steps == second.steps)
        #expect(first.beats.count > 20 && first.ticks.count >= 37)
        // A copy taken mid-reading continues exactly like the original.
        var original = LiveAnalyzer()
        for frame in source.frames.prefix(600) { _ = original.push(frame) }
        var copy = original
        for frame in source.frames.dropFirst(600) { #expect(copy.push(frame) == original.push(frame)) }
    }

    @Test func motionSamplesAreIgnoredWhenMotionBreathingIsOff() {
        var options = LiveOptions()
        options.motionBreathing = false
        let source = reading(seed: 37, duration: 36)
        let withMotion = LiveRun(source, options: options)
        let withoutMotion = LiveRun(source, options: options, pushesMotion: false)
        #expect(withMotion.steps == withoutMotion.steps)
        #expect(withMotion.ticks.last?.breathingRateBrpm != nil)
    }
}
