@testable import NeurofitVitals
import PpgCore
import Testing

@Suite struct MeansCSVReaderTests {
    private func read(_ text: String) throws(VitalsError) -> [FrameSample] {
        try MeansCSVReader.read(bytes: Array(text.utf8), name: "t.csv")
    }

    private func refusal(_ text: String) -> String? {
        do {
            _ = try read(text)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func readsFramesInAnyColumnOrderSkippingCommentsAndBlankLines() throws {
        let frames = try read("blue,red,timestamp_s,green\n# note\n\n20,180,0,5\r\n21,181,0.033,6")
        #expect(frames.map(\.timestamp) == [0, 0.033])
        #expect(frames.map(\.red) == [180, 181] && frames.map(\.blue) == [20, 21])
    }

    @Test func meansOutsideTheByteRangeAndNonDecimalNumbersAreRefusedNamingTheLine() {
        let header = "timestamp_s,red,green,blue\n"
        #expect(refusal(header + "0,255.5,5,20\n")?.contains("line 2: red must be a mean in 0...255") == true)
        #expect(refusal(header + "0,180,5,-0.5\n")?.contains("line 2: blue must be") == true)
        for number in ["0x1p3", "inf", "nan", "1e400", "1_0"] {
            #expect(refusal(header + "0,\(number),5,20\n")?.contains("expected decimal numbers") == true, "\(number)")
        }
        #expect(refusal(header + "0,1e2,5,20\n1E-1,+1.5e2,5,20\n") == nil)
    }

    @Test func aLineLongerThanTheCapIsRefusedWithoutHoldingIt() {
        let long = String(repeating: "0", count: MeansCSVReader.maximumLineBytes + 1)
        #expect(refusal("timestamp_s,red,green,blue\n" + long + ",1,2,3\n")?
            .contains("line 2 is longer than 4096 bytes") == true)
        #expect(refusal(long)?.contains("line 1 is longer") == true)
    }

    @Test func readingStopsAtTheFirstFrameBeyondTheLongestReadingAnalysed() throws {
        var text = "timestamp_s,red,green,blue\n"
        for second in stride(from: 0, through: 4000, by: 100) { text += "\(second),180,5,20\n" }
        let frames = try read(text)
        #expect(frames.last?.timestamp == 3700, "the frame past 3600 s is kept, so an analysis says too_long")
        #expect(frames.count == 38)
    }

    @Test func aNulByteEndsItsLine() throws {
        let frames = try read("timestamp_s,red,green,blue\n0,180,5,20\u{0}garbage\n")
        #expect(frames.count == 1)
    }
}
