import PpgCore
import Testing

/// Contact through a disturbance on a fingertip whose colour balance is close to grey (green above red, as on some
/// sensors, where the strict red-dominance rule never holds): a finger moving on the lens keeps contact, a lens that
/// sees a still scene instead — even one of the finger's own balance — loses it at once.
struct LiveContactDisturbanceTests {
    /// A 40 s reading at 68 bpm of a fingertip reading red ≈ 40, green ≈ 88, blue ≈ 49, with `scenario` over it.
    private func run(_ scenario: [ScenarioSegment], seed: UInt64) -> LiveRun {
        let camera = CameraParameters(framesPerSecond: 30, dc: ChannelTriple(red: 40, green: 88, blue: 49),
                                      acFraction: ChannelTriple(red: 0.012, green: 0.012, blue: 0.008),
                                      noise: ChannelTriple(red: 0.1, green: 0.1, blue: 0.1))
        return LiveRun(SyntheticReading(configuration: SyntheticConfiguration(
            seed: seed, rhythm: RhythmParameters(heartRateBpm: 68), camera: camera, scenario: scenario), durationS: 40))
    }

    /// The longest run of consecutive ticks without contact within `range`.
    private func longestLoss(_ live: LiveRun, in range: ClosedRange<Double>) -> Int {
        var longest = 0, current = 0
        for tick in live.ticks(in: range) {
            current = tick.contact ? 0 : current + 1
            longest = max(longest, current)
        }
        return longest
    }

    /// A shake of the finger on the lens from `start` s: all channels swing by `change` of their level and back,
    /// alternately up and down, every half second.
    private func shake(from start: Double, halfSeconds: Int, change: Double) -> [ScenarioSegment] {
        (0..<halfSeconds).map { index in
            ScenarioSegment(startS: start + 0.5 * Double(index), durationS: 0.5,
                            condition: .pressureDrift(change: index % 2 == 0 ? change : -change / 2))
        }
    }

    @Test func aFingerMovingOnTheLensKeepsContact() {
        // A 2–4 s shake swinging the level by 40–60 %, and a press that lowers or raises it by 30 % for 3 s: the
        // level jumps as far as a lifted finger's would, but the colour stays the finger's and the level never holds
        // still far from it.
        let cases: [(seed: UInt64, scenario: [ScenarioSegment])] = [
            (61, shake(from: 20, halfSeconds: 4, change: 0.6)), (62, shake(from: 20, halfSeconds: 8, change: -0.6)),
            (63, shake(from: 20, halfSeconds: 6, change: 0.4)),
            (67, [ScenarioSegment(startS: 20, durationS: 3, condition: .pressureDrift(change: 0.3))]),
            (68, [ScenarioSegment(startS: 20, durationS: 3, condition: .pressureDrift(change: -0.3))])]
        for (seed, scenario) in cases {
            let live = run(scenario, seed: seed)
            #expect(live.ticks(in: 10...19).allSatisfy { $0.contact }, "seed \(seed): contact before the burst")
            #expect(longestLoss(live, in: 19...40) < 3, "seed \(seed): \(live.ticks(in: 19...40).map(\.contact))")
            #expect(live.ticks(in: 19...40).contains { $0.disturbed }, "seed \(seed): the burst is a disturbance")
        }
    }

    @Test func aStillSceneOfTheFingersOwnColourEndsContact() {
        // The finger lifted for 3 s: the lens sees a still scene with the finger's own colour balance, half as
        // bright or 1.6 times as bright, or nearly as bright (0.9 and 1.12 times: no more than a press moves a
        // finger's level, but without its pulse). Only the level, steady away from the finger's, tells it apart.
        for (seed, scale) in [(UInt64(64), 0.5), (65, 1.6), (69, 0.9), (70, 1.12)] {
            let scene = ChannelTriple(red: 40 * scale, green: 88 * scale, blue: 49 * scale)
            let live = run([ScenarioSegment(startS: 25, durationS: 3, condition: .noContactScene(level: scene))],
                           seed: seed)
            #expect(live.ticks(in: 10...24).allSatisfy { $0.contact }, "seed \(seed): contact before the lift")
            #expect(live.ticks(in: 26...28).allSatisfy { !$0.contact },
                    "seed \(seed): \(live.ticks(in: 24...32).map(\.contact))")
        }
    }

    @Test func aLiftIntoAGreyRoomEndsContact() {
        // The lens sees a lit room (R ≈ G ≈ B) as bright as the finger: another colour balance.
        let live = run([ScenarioSegment(startS: 25, durationS: 3, condition: .noContactScene(
            level: ChannelTriple(red: 60, green: 62, blue: 55)))], seed: 66)
        #expect(live.ticks(in: 26...28).allSatisfy { !$0.contact }, "\(live.ticks(in: 24...32).map(\.contact))")
    }
}
