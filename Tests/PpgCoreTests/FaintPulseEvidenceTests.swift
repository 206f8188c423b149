import Testing
@testable import PpgCore

/// The span of a faint pulse's evidence (`LiveTick.faintPulseEvidenceSeconds`): what a reading started on the
/// 15 s look alone counts as already measured.
struct FaintPulseEvidenceTests {
    /// The ticks of the live analyzer over a saturated weak-pulse capture (`SaturatedWeakPulse`, seed 0: its pulse
    /// stands out over 15 s from about 16 s on), leaving out the frames in `dropped`.
    private static func ticks(dropping dropped: Range<Double>? = nil) -> [LiveTick] {
        let reading = SyntheticReading(configuration: SaturatedWeakPulse(seed: 0).configuration, durationS: 40)
        var analyzer = LiveAnalyzer()
        var ticks: [LiveTick] = []
        for frame in reading.frames where !(dropped?.contains(frame.timestamp) ?? false) {
            if let tick = analyzer.push(frame).tick { ticks.append(tick) }
        }
        return ticks
    }

    @Test func aStandingOutPulseCarriesTheLooksFifteenSecondsAndNoOtherTickAny() {
        let ticks = Self.ticks()
        let standing = ticks.filter(\.faintPulseStandsOut)
        #expect(!standing.isEmpty)
        #expect(standing.allSatisfy { $0.faintPulseEvidenceSeconds == SustainedPulse.windowSeconds },
                "\(standing.map(\.faintPulseEvidenceSeconds))")
        #expect(ticks.filter { !$0.faintPulseStandsOut }.allSatisfy { $0.faintPulseEvidenceSeconds == 0 })
    }

    @Test func theEvidenceNeverReachesBackPastAFrameGap() {
        // Half a second of frames lost at 8.7 s: the run starts again at 9.2 s, and no look's evidence reaches before.
        let gapEnd = 9.2
        let standing = Self.ticks(dropping: 8.7..<gapEnd).filter(\.faintPulseStandsOut)
        #expect(!standing.isEmpty)
        #expect(standing.allSatisfy { $0.time - $0.faintPulseEvidenceSeconds >= gapEnd },
                "\(standing.map { ($0.time, $0.faintPulseEvidenceSeconds) })")
        // The first look after the gap (at 24 s, 14.8 s of run behind it) stands out: its span is cut to the run.
        #expect(standing.contains { $0.faintPulseEvidenceSeconds < SustainedPulse.windowSeconds },
                "\(standing.map { ($0.time, $0.faintPulseEvidenceSeconds) })")
    }

    @Test func everyTickCarriesItsRunsSecondsWhichAFrameGapRestarts() {
        // Half a second of frames lost at 8.7 s: the run restarts at the first frame after it, 9.2 s or just after.
        let ticks = Self.ticks(dropping: 8.7..<9.2)
        let before = ticks.filter { $0.time < 8.7 }, after = ticks.filter { $0.time >= 10 }
        #expect(!before.isEmpty && !after.isEmpty)
        #expect(before.allSatisfy { $0.runSeconds > $0.time - 1 }, "\(before.map { ($0.time, $0.runSeconds) })")
        #expect(after.allSatisfy { abs($0.runSeconds - ($0.time - 9.2)) < 0.05 },
                "\(after.map { ($0.time, $0.runSeconds) })")
        #expect(ticks.allSatisfy { $0.runSeconds >= $0.faintPulseEvidenceSeconds })
    }
}
