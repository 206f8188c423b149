import PpgCore
import Testing

/// The live analyzer on clean synthetic readings (two rhythms at 20, 30 and 60 fps): beats, intervals and the
/// provisional values against the known truth.
struct LiveCleanReadingTests {
    @Test(arguments: [20.0, 30.0, 60.0])
    func everyTrueBeatIsReportedExactlyOnce(fps: Double) {
        for clean in LiveCleanCase.at(fps) {
            let beats = clean.run.beats
            let truth = clean.reading.trueBeatTimes.filter { $0 > 3 && $0 < LiveCleanCase.duration - 1 }
            for trueTime in truth {
                let matches = beats.filter { abs($0.time - trueTime) < 0.05 }
                #expect(matches.count == 1, "\(clean.label): beat at \(trueTime) reported \(matches.count) times")
            }
            let inside = beats.filter { $0.time > 3.2 && $0.time < LiveCleanCase.duration - 1.2 }
            let unmatched = inside.filter { beat in !truth.contains { abs($0 - beat.time) < 0.05 } }
            #expect(unmatched.isEmpty, "\(clean.label): beats without a true beat at \(unmatched.map(\.time))")
            #expect(zip(beats.dropFirst(), beats).allSatisfy { $0.time - $1.time > 0.25 }, "\(clean.label)")
        }
    }

    @Test(arguments: [20.0, 30.0, 60.0])
    func intervalsMatchTheTrueIntervals(fps: Double) throws {
        for clean in LiveCleanCase.at(fps) {
            let beats = clean.run.beats
            let truth = clean.reading.trueBeatTimes
            #expect(beats.first?.ibiMs == nil, "\(clean.label): the first beat has no interval")
            var errors: [Double] = []
            for index in beats.indices.dropFirst() {
                let ibi = try #require(beats[index].ibiMs, "\(clean.label): interval at \(beats[index].time)")
                #expect(ibi == 1000 * (beats[index].time - beats[index - 1].time))
                guard let end = truth.firstIndex(where: { abs($0 - beats[index].time) < 0.05 }), end > 0 else {
                    continue
                }
                errors.append(ibi - 1000 * (truth[end] - truth[end - 1]))
            }
            #expect(errors.count >= beats.count - 3, "\(clean.label)")
            let meanAbsolute = errors.map { abs($0) }.reduce(0, +) / Double(errors.count)
            // Two beat-time errors of SD 4.5–7.5 ms: mean |error| ≈ 5–9 ms.
            #expect(meanAbsolute < 12, "\(clean.label): mean |interval error| \(meanAbsolute) ms")
            #expect(errors.allSatisfy { abs($0) < 45 }, "\(clean.label): largest \(errors.map { abs($0) }.max() ?? 0)")
        }
    }

    @Test(arguments: [20.0, 30.0, 60.0])
    func heartRateIsWithinTwoBpmOfTheTruthAfterTenSeconds(fps: Double) throws {
        for clean in LiveCleanCase.at(fps) {
            for tick in clean.run.ticks(in: 10...LiveCleanCase.duration) {
                let rate = try #require(tick.heartRateBpm, "\(clean.label) at \(tick.time)")
                let truth = clean.reading.trueHeartRate(endingIn: (tick.time - 10)...tick.time)
                #expect(abs(rate - truth) < 2, "\(clean.label) at \(tick.time): \(rate) vs \(truth)")
            }
        }
    }

    @Test(arguments: [20.0, 30.0, 60.0])
    func rmssdAppearsFromTwentySecondsNearTheTruth(fps: Double) throws {
        for clean in LiveCleanCase.at(fps) {
            #expect(clean.run.ticks(in: 0...19.5).allSatisfy { $0.rmssdMs == nil }, "\(clean.label)")
            let truth = try #require(clean.reading.truth.metrics.rmssd)
            for tick in clean.run.ticks(in: 20...LiveCleanCase.duration) {
                let rmssd = try #require(tick.rmssdMs, "\(clean.label) at \(tick.time)")
                // Beat-time noise adds √6·σ_t in quadrature: most at 20 fps.
                #expect(rmssd - truth > -5 && rmssd - truth < 15,
                        "\(clean.label) at \(tick.time): \(rmssd) vs \(truth)")
            }
        }
    }

    @Test(arguments: [20.0, 30.0, 60.0])
    func breathingRateAppearsFromThirtySecondsWithinTwoBrpm(fps: Double) throws {
        for clean in LiveCleanCase.at(fps) {
            #expect(clean.run.ticks(in: 0...29.5).allSatisfy { $0.breathingRateBrpm == nil }, "\(clean.label)")
            let truth = try #require(LiveCleanCase.rhythms.first { $0.seed == clean.seed }).breathingRate
            for tick in clean.run.ticks(in: 30...LiveCleanCase.duration) {
                let rate = try #require(tick.breathingRateBrpm, "\(clean.label) at \(tick.time)")
                #expect(abs(rate - truth) < 2, "\(clean.label) at \(tick.time): \(rate) vs \(truth)")
            }
        }
    }

    @Test(arguments: [20.0, 30.0, 60.0])
    func signalFiguresDescribeASteadyFinger(fps: Double) {
        for clean in LiveCleanCase.at(fps) {
            for tick in clean.run.ticks(in: 3...LiveCleanCase.duration) {
                #expect(tick.contact, "\(clean.label) at \(tick.time)")
                #expect((tick.qualityScore ?? 0) >= 0.8, "\(clean.label) at \(tick.time): \(tick.qualityScore ?? -1)")
                // Red AC p-p = 1.5 % of 200 counts = 3 counts before the band-pass.
                #expect(tick.amplitude > 1.5 && tick.amplitude < 3.5,
                        "\(clean.label) at \(tick.time): \(tick.amplitude)")
                #expect(abs(tick.measuredFps - fps) < 0.03 * fps, "\(clean.label) at \(tick.time): \(tick.measuredFps)")
                #expect(tick.saturationFraction < 1e-3)
                #expect(tick.redDc > 190 && tick.redDc < 205)
            }
        }
    }

    @Test(arguments: [20.0, 30.0, 60.0])
    func liveEstimateIsAcceptedWithLowDiscard(fps: Double) {
        for clean in LiveCleanCase.at(fps) {
            #expect(clean.run.ticks(in: 0...1).allSatisfy { $0.estimate == .none }, "\(clean.label)")
            for tick in clean.run.ticks(in: 12...LiveCleanCase.duration) {
                guard case .accepted(let ratio) = tick.estimate else {
                    Issue.record("\(clean.label) at \(tick.time): \(tick.estimate)")
                    continue
                }
                #expect(ratio <= 0.05, "\(clean.label) at \(tick.time): \(ratio)")
            }
        }
    }
}
