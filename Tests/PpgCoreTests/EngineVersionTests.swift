import PpgCore
import Testing

@Test func engineVersionIsSemantic() {
    let parts = EngineVersion.string.split(separator: ".")
    #expect(parts.count == 3)
    #expect(parts.allSatisfy { Int($0) != nil })
}
