import PpgCore
import Testing

/// The live form: fed beat by beat, asked once per second.
struct BreathingLiveTests {
    @Test func startsAfterThirtySecondsAndTracksTheRate() throws {
        let beats = BreathingTestSignals(breathingRate: 16, duration: 60).beats(seed: 5)
        var live = LiveBreathingEstimator(readingStart: 0)
        var fed = 0
        for second in 1...60 {
            while fed < beats.count && beats[fed].time <= Double(second) {
                live.append(beats[fed])
                fed += 1
            }
            let analysis = live.estimate(at: Double(second))
            if second < 30 {
                #expect(analysis == nil, "second \(second)")
            } else {
                let rate = try #require(analysis?.rate, "second \(second)")
                #expect(abs(rate.brpm - 16) < 1.5, "second \(second): \(rate.brpm)")
            }
        }
    }

    @Test func estimatesFromTheLastMinuteOnly() throws {
        // 12 brpm for the first 60 s, then 20 brpm: at 120 s only the new rate is in the window.
        let first = BreathingTestSignals(breathingRate: 12, duration: 60).beats(seed: 1)
        let second = BreathingTestSignals(breathingRate: 20, duration: 60).beats(seed: 2).dropFirst()
        let lastTime = try #require(first.last?.time)
        var live = LiveBreathingEstimator(readingStart: 0)
        for beat in first { live.append(beat) }
        let atOneMinute = try #require(live.estimate(at: lastTime)?.rate)
        var isFirstOfSecond = true
        for var beat in second {
            beat.time += lastTime
            if isFirstOfSecond { beat.intervalMs = nil }
            isFirstOfSecond = false
            live.append(beat)
        }
        let atTwoMinutes = try #require(live.estimate(at: lastTime + 60)?.rate)
        #expect(abs(atTwoMinutes.brpm - 20) < 1, "\(atTwoMinutes.brpm)")
        #expect(abs(atOneMinute.brpm - 12) < 1, "\(atOneMinute.brpm)")
    }

    @Test func usesTheAccelerometer() throws {
        let signals = BreathingTestSignals(breathingRate: 14, duration: 45)
        var live = LiveBreathingEstimator(readingStart: 0)
        for beat in signals.beats(seed: 3) { live.append(beat) }
        for sample in signals.motion(seed: 3) { live.append(sample) }
        let analysis = try #require(live.estimate(at: 45))
        #expect(analysis.rate?.tier == .high)
        #expect(analysis.motionSamples > 2000)
    }
}
