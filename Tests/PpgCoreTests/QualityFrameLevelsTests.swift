import Testing
@testable import PpgCore

/// The frame figures of the quality windows, worked out once per frame, give each window what judging its own
/// frames gives.
struct QualityFrameLevelsTests {
    /// Frames at 30 fps with red around the clip level and the contact rule's thresholds, some with a fractional
    /// saturated share from the source.
    private func frames(count: Int, seed: UInt64) -> [FrameSample] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { index in
            let red = 40 + 220 * random.unit(), green = 90 * random.unit(), blue = 30 * random.unit()
            let fraction: Double? = index % 3 == 0 ? random.unit() : nil
            return FrameSample(timestamp: 0.2 + Double(index) / 30, red: red, green: green, blue: blue,
                               saturatedFraction: fraction)
        }
    }

    /// Mean saturation and lit share of the frames in `start..<end`, judged one by one.
    private func direct(_ frames: ArraySlice<FrameSample>, _ meter: QualityWindowMeter, start: Double,
                        end: Double) -> (clipped: Double, colourContact: Double) {
        let inside = frames.filter { $0.timestamp >= start && $0.timestamp < end }
        var clippedSum = 0.0, lit = 0
        for frame in inside {
            clippedSum += meter.saturation(of: frame)
            if meter.contactRule.isLitFingertip(frame) { lit += 1 }
        }
        let count = Double(max(inside.count, 1))
        return (clippedSum / count, Double(lit) / count)
    }

    @Test func everyWindowGetsTheFiguresOfItsOwnFramesBitForBit() {
        let meter = QualityWindowMeter()
        let all = frames(count: 900, seed: 3)
        for frames in [all[...], all[137..<811]] {
            let levels = QualityFrameLevels(frames: frames, meter: meter)
            var windows = 0
            for start in stride(from: -1.0, through: 31, by: 0.7) {
                for length in [0.0, 4.0, 10.0, 40.0] {
                    let (clipped, contact) = levels.levels(start: start, end: start + length)
                    let expected = direct(frames, meter, start: start, end: start + length)
                    #expect(clipped.bitPattern == expected.clipped.bitPattern && contact == expected.colourContact,
                            "\(start)..<\(start + length)")
                    windows += 1
                }
            }
            #expect(windows > 100)
        }
    }
}
