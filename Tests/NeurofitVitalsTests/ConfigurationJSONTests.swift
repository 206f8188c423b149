import NeurofitVitals
import PpgCore
import Testing
import StrictJSON

/// A small seeded generator for reproducible test inputs (ReplayTestRandom).
struct ReplayTestRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct ConfigurationJSONTests {
    @Test func parsesEveryKindOfValue() throws {
        let value = try JSONValue(parsing: #" {"a": [1, -2.5e3, true, false, null], "b": {"c": "d\u00e9\n\"\\/"}} "#)
        #expect(value == .object([
            "a": .array([.number(1), .number(-2500), .bool(true), .bool(false), .null]),
            "b": .object(["c": .string("dé\n\"\\/")]),
        ]))
    }

    @Test func decodesSurrogatePairs() throws {
        #expect(try JSONValue(parsing: #""\ud83d\ude00""#) == .string("😀"))
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: #""\ud83d""#) }
    }

    @Test(arguments: ["01", "1.", ".5", "+1", "1e", "-", "tru", "[1,]", "{\"a\" 1}", "\"a\u{01}\"", "1 2", "'a'",
                      "[", "{\"a\":1", "\"\\x\"", "NaN"])
    func rejectsInvalidText(text: String) {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: text) }
    }

    @Test func limitsNesting() {
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(throws: JSONParseError(reason: "nesting deeper than 64 levels", offset: 64)) {
            try JSONValue(parsing: deep)
        }
        let allowed = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect((try? JSONValue(parsing: allowed)) != nil)
    }

    @Test func serialisesWithSortedKeysAndEscapes() {
        let value = JSONValue.object([
            "b": .number(1), "a": .string("x\"\u{01}\n"), "B": .array([.null, .bool(true)]),
        ])
        #expect(value.serialized() == #"{"B":[null,true],"a":"x\"\u0001\n","b":1}"#)
    }

    @Test func numbersRoundTripBitForBit() throws {
        var generator = ReplayTestRandom(seed: 42)
        var values: [Double] = [
            0.1, -0.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 9_007_199_254_740_992, 1e16, 2.5, -3,
        ]
        for _ in 0..<2000 { values.append(Double(bitPattern: generator.next() & 0xFFEF_FFFF_FFFF_FFFF)) }
        for value in values {
            let text = JSONValue.numberText(value)
            guard case .number(let parsed) = try JSONValue(parsing: text) else {
                Issue.record("\(text) did not parse as a number")
                continue
            }
            #expect(parsed.bitPattern == value.bitPattern, "\(value) → \(text)")
        }
        #expect(JSONValue.numberText(60) == "60")
        #expect(JSONValue.numberText(.infinity) == "null")
    }
}
