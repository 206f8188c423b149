import PpgCore
import Testing

/// The live analyzer when the signal is disturbed: no finger, pure noise, motion, AF-like rhythm, saturation.
struct LiveDisturbanceTests {
    private func run(_ scenario: [ScenarioSegment], seed: UInt64, duration: Double = 35) -> LiveRun {
        LiveRun(SyntheticReading(configuration: SyntheticConfiguration(seed: seed, scenario: scenario),
                                 durationS: duration))
    }

    @Test func contactFollowsTheFinger() {
        // No finger 0–4 s and 20–24 s (a lit room, R ≈ G ≈ B), steady finger elsewhere.
        let live = run([ScenarioSegment(startS: 0, durationS: 4, condition: .fingerLifted),
                        ScenarioSegment(startS: 20, durationS: 4, condition: .fingerLifted),
                        ScenarioSegment(startS: 26, durationS: 3, condition: .noContactDark(level: ChannelTriple(
                            red: 20, green: 5, blue: 5)))], seed: 21, duration: 32)
        for tick in live.ticks {
            let second = tick.time
            let lifted = (0...4.0).contains(second) || (20.6...24.0).contains(second)
                || (26.6...29.0).contains(second)
            let placed = (5.0...20.0).contains(second) || (25.0...26.0).contains(second) || second >= 30
            if lifted { #expect(!tick.contact, "at \(second)") }
            if placed { #expect(tick.contact, "at \(second)") }
        }
    }

    @Test func contactHasHysteresis() {
        var options = LiveOptions()
        options.contactEnterFraction = 0.8
        options.contactExitFraction = 0.3
        var analyzer = LiveAnalyzer(options: options)
        // Share of lit-fingertip frames in each second (30 fps); the rest show a lit room.
        let shares = [0.0, 0.5, 0.9, 0.5, 0.4, 0.2, 0.5, 0.9]
        var contacts: [Bool] = []
        for (second, share) in shares.enumerated() {
            for frame in 0..<30 {
                let lit = Double(frame) < share * 30
                let sample = FrameSample(timestamp: Double(second) + Double(frame) / 30,
                                         red: lit ? 200 : 110, green: lit ? 4 : 105, blue: lit ? 20 : 95)
                if let tick = analyzer.push(sample).tick { contacts.append(tick.contact) }
            }
        }
        // Ticks at 1…7 s summarize seconds 0…6 (the frame at the tick time starts the next second).
        #expect(contacts == [false, false, true, true, true, false, false])
    }

    @Test func qualityIsLowOnPureNoiseAndRecovers() throws {
        let live = run([ScenarioSegment(startS: 10, durationS: 15, condition: .pureNoise(sd: 0.5))], seed: 22)
        let before = live.ticks(in: 3.5...10.5).compactMap(\.qualityScore)
        let during = live.ticks(in: 12.5...25.5)
        let after = live.ticks(in: 30.5...35).compactMap(\.qualityScore)
        #expect(before.count == 7 && before.allSatisfy { $0 >= 0.8 }, "\(before)")
        // The session cancels when 60 % of a 12 s window of ticks score below 0.5.
        let bad = during.filter { ($0.qualityScore ?? 0) < 0.5 }
        #expect(during.count == 13 && Double(bad.count) >= 0.7 * Double(during.count), "\(during.map(\.qualityScore))")
        #expect(bad.allSatisfy { $0.heartRateBpm == nil })
        #expect(after.count == 4 && after.allSatisfy { $0 >= 0.8 }, "\(after)")
    }

    @Test func motionBurstsLowerQualityAndWithholdTheEstimate() {
        let bursts = [10.0, 15, 20, 25]
        let live = run(bursts.map { ScenarioSegment(startS: $0, durationS: 2, condition: .typicalMotion) }, seed: 23)
        for tick in live.ticks(in: 10.5...27.5) {
            #expect((tick.qualityScore ?? 0) < 0.5, "at \(tick.time): \(String(describing: tick.qualityScore))")
            if case .accepted = tick.estimate { Issue.record("accepted estimate at \(tick.time)") }
        }
        #expect(live.ticks(in: 3.5...9.5).allSatisfy { ($0.qualityScore ?? 0) >= 0.8 })
    }

    @Test func anIrregularRhythmRaisesTheDiscardRatio() throws {
        let irregular = run([ScenarioSegment(startS: 0, durationS: 35, condition: .typicalAF)], seed: 24)
        let regular = run([], seed: 24)
        let irregularRatios = irregular.ticks(in: 11.5...35).compactMap(\.estimate.discardRatio)
        let regularRatios = regular.ticks(in: 11.5...35).compactMap(\.estimate.discardRatio)
        #expect(irregularRatios.count == regularRatios.count && regularRatios.count >= 20)
        // RR i.i.d. with CV 15 %: an interval often differs by more than 20 % from the previous accepted one.
        let irregularMean = irregularRatios.reduce(0, +) / Double(irregularRatios.count)
        #expect(irregularMean >= 0.08, "\(irregularRatios)")
        #expect(irregularRatios.contains { $0 >= 0.2 }, "\(irregularRatios)")
        #expect(regularRatios.allSatisfy { $0 <= 0.02 }, "\(regularRatios)")
    }

    @Test func saturationIsReported() {
        let live = run([ScenarioSegment(startS: 10, durationS: 10, condition: .saturation(redDC: 253))], seed: 25,
                       duration: 22)
        #expect(live.ticks(in: 2.5...9.5).allSatisfy { $0.saturationFraction < 0.01 })
        #expect(live.ticks(in: 10.5...19.5).allSatisfy { $0.saturationFraction > 0.2 && $0.redDc > 245 })
    }
}
