@testable import NeurofitVitals
import Testing

/// Reading ids: random version-4 UUID text.
struct RandomUUIDTests {
    @Test func idsAreVersion4UUIDTextAndDiffer() {
        let ids = (0..<64).map { _ in RandomUUID.text() }
        #expect(Set(ids).count == ids.count)
        for id in ids {
            let groups = id.split(separator: "-", omittingEmptySubsequences: false)
            #expect(groups.map(\.count) == [8, 4, 4, 4, 12], "\(id)")
            #expect(id.allSatisfy { $0 == "-" || $0.isHexDigit && !$0.isLowercase }, "\(id)")
            #expect(groups[2].first == "4", "version nibble of \(id)")
            #expect("89AB".contains(groups[3].first ?? "?"), "variant bits of \(id)")
        }
    }

    @Test func theGeneratorDecidesEveryRandomBit() {
        var zeros = ZeroGenerator()
        #expect(RandomUUID.text(using: &zeros) == "00000000-0000-4000-8000-000000000000")
    }

    private struct ZeroGenerator: RandomNumberGenerator {
        mutating func next() -> UInt64 { 0 }
    }
}
