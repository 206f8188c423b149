import NeurofitVitals
import Testing

@Test func versionNumberMatchesString() {
    let parts = SDKVersion.string.split(separator: ".").compactMap { UInt32($0) }
    #expect(parts.count == 3)
    #expect(SDKVersion.number == parts[0] * 1_000_000 + parts[1] * 1_000 + parts[2])
}

@Test func buildDateIsISO() {
    let date = SDKVersion.buildDate
    #expect(date.count == 10)
    #expect(date.split(separator: "-").map(\.count) == [4, 2, 2])
}
