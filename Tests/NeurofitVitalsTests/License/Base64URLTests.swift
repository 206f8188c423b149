@testable import NeurofitVitals
import Testing

@Suite struct Base64URLTests {
    @Test func roundTripsEveryLength() throws {
        var generator = SystemRandomNumberGenerator()
        for length in 0...70 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let text = Base64URL.encode(bytes)
            #expect(!text.contains("=") && !text.contains("+") && !text.contains("/"))
            #expect(try Base64URL.decode(Substring(text)) == bytes)
        }
    }

    @Test func knownVector() throws {
        #expect(Base64URL.encode(Array("any carnal pleas".utf8)) == "YW55IGNhcm5hbCBwbGVhcw")
        #expect(Base64URL.encode([0xFB, 0xFF]) == "-_8")
    }

    @Test func rejectsForeignCharactersAndCutsAndNonCanonicalBits() {
        #expect(throws: Base64URL.DecodingError.invalidCharacter(offset: 2)) { try Base64URL.decode("ab+d") }
        #expect(throws: Base64URL.DecodingError.truncated) { try Base64URL.decode("abcde") }
        #expect(throws: Base64URL.DecodingError.self) { try Base64URL.decode("-_9") }
    }

    @Test(arguments: [("2024-02-29", true), ("2023-02-29", false), ("2100-02-29", false), ("2000-02-29", true),
                      ("2030-13-01", false), ("2030-12-31", true), ("2030-1-31", false), ("2030-04-31", false)])
    func calendarDates(text: String, valid: Bool) {
        #expect(CalendarDate.isValid(text) == valid)
    }
}
