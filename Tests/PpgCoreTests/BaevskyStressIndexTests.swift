import PpgCore
import Testing

/// Baevsky stress index.
struct BaevskyStressIndexTests {
    @Test func stressIndexFollowsDefinition() throws {
        let intervals = Array(repeating: 810.0, count: 10) + Array(repeating: 870.0, count: 5)
            + Array(repeating: 760.0, count: 5)
        let index = try #require(BaevskyStressIndex(intervalsMs: intervals))
        #expect(index.modeMs == 825)
        #expect(index.modeAmplitudePercent == 50)
        #expect(abs(index.variationRangeMs - 110) < 1e-12)
        #expect(abs(index.value - 50.0 / (2 * 0.825 * 0.110)) < 1e-9)
    }

    @Test func tiedModesPickTheBinNearestTheMedian() throws {
        let lowerNearMedian = Array(repeating: 810.0, count: 10) + Array(repeating: 910.0, count: 10)
        #expect(try #require(BaevskyStressIndex(intervalsMs: lowerNearMedian)).modeMs == 825)
        let upperNearMedian = Array(repeating: 810.0, count: 9) + Array(repeating: 910.0, count: 9)
            + [1000.0, 1000.0]
        #expect(try #require(BaevskyStressIndex(intervalsMs: upperNearMedian)).modeMs == 925)
    }

    @Test func binsAreMultiplesOfFiftyMilliseconds() throws {
        let intervals = Array(repeating: 849.9, count: 12) + Array(repeating: 850.0, count: 8)
        let index = try #require(BaevskyStressIndex(intervalsMs: intervals))
        #expect(index.modeMs == 825)
        #expect(index.modeAmplitudePercent == 60)
    }

    @Test func stressIndexIsUndefinedForShortOrConstantSeries() {
        #expect(BaevskyStressIndex(intervalsMs: Array(repeating: 800, count: 30)) == nil)
        #expect(BaevskyStressIndex(intervalsMs: (0..<19).map { 800 + Double($0) }) == nil)
        #expect(BaevskyStressIndex(intervalsMs: (0..<20).map { 800 + Double($0) }) != nil)
    }
}
