@testable import NeurofitVitals
import PpgCore
import Testing

/// A Y4M stream: `header` line, then each frame as `FRAME` + its bytes.
private func stream(_ header: String, frames: [[UInt8]], frameHeader: String = "FRAME") -> [UInt8] {
    var bytes = Array((header + "\n").utf8)
    for frame in frames { bytes += Array((frameHeader + "\n").utf8) + frame }
    return bytes
}

/// One 4:2:0 frame of `width × height` with uniform Y, U, V.
private func uniform420(width: Int, height: Int, y: UInt8, u: UInt8, v: UInt8) -> [UInt8] {
    let chroma = (width + 1) / 2 * ((height + 1) / 2)
    return [UInt8](repeating: y, count: width * height) + [UInt8](repeating: u, count: chroma)
        + [UInt8](repeating: v, count: chroma)
}

private func reader(_ bytes: [UInt8]) throws(Y4MError) -> Y4MReader {
    try Y4MReader(source: MemoryByteSource(bytes))
}

@Suite struct Y4MTests {
    @Test func headerParametersAreRead() throws {
        let video = try reader(stream("YUV4MPEG2 W6 H4 F30000:1001 Ip A1:1 C420mpeg2 XYSCSS=420MPEG2", frames: []))
        let header = video.header
        #expect([header.width, header.height, header.frameRateNumerator, header.frameRateDenominator]
            == [6, 4, 30000, 1001])
        #expect(header.colourSpace == .c420mpeg2)
        #expect(video.layout == FrameLayout(format: .i420, width: 6, height: 4))
        #expect(try video.readFrame() == nil)
    }

    @Test func framesAreTimedFromTheFrameRate() throws {
        let frames = (0..<4).map { uniform420(width: 5, height: 3, y: UInt8(100 + $0), u: 128, v: 128) }
        let video = try reader(stream("YUV4MPEG2 W5 H3 F30000:1001", frames: frames))
        var times: [Double] = []
        var lumas: [UInt8] = []
        while let time = try video.readFrame() {
            times.append(time)
            lumas.append(video.withFramePixels { $0[7] })
        }
        let period: Double = 1001.0 / 30000
        #expect(times.count == 4)
        for (index, time) in times.enumerated() {
            #expect(abs(time - Double(index) * period) < 1e-15)
        }
        #expect(lumas == [100, 101, 102, 103])
        #expect(video.frameCount == 4)
    }

    @Test(arguments: [("420jpeg", PixelFormat.i420), ("420paldv", .i420), ("420", .i420), ("422", .i422),
                      ("444", .i444), ("mono", .gray8)])
    func colourSpacesMapToPlanarLayouts(name: String, format: PixelFormat) throws {
        let layout = FrameLayout(format: format, width: 8, height: 6)
        let frameBytes = try layout.validate(byteCount: .max)
        // Y 126 everywhere, chroma neutral: every channel is BT.601 level 128 (red rounded per pixel).
        let frame = (0..<frameBytes).map { $0 < 48 ? UInt8(126) : 128 }
        let video = try reader(stream("YUV4MPEG2 W8 H6 F25:1 C\(name)", frames: [frame, frame]))
        #expect(video.layout == layout)
        let first = try #require(try video.nextSample(using: FrameReducer()))
        #expect(first.timestamp == 0 && first.red == 128 && first.saturatedFraction == 0)
        #expect(try video.nextSample(using: FrameReducer())?.timestamp == 0.04)
        #expect(try video.nextSample(using: FrameReducer()) == nil)
    }

    @Test func missingColourSpaceMeans420jpeg() throws {
        #expect(try reader(stream("YUV4MPEG2 W2 H2 F1:1", frames: [])).header.colourSpace == .c420jpeg)
    }

    @Test func frameHeaderParametersAreIgnored() throws {
        let frame = uniform420(width: 2, height: 2, y: 200, u: 128, v: 128)
        let video = try reader(stream("YUV4MPEG2 W2 H2 F10:1", frames: [frame], frameHeader: "FRAME Ib XFOO=1"))
        #expect(try video.readFrame() == 0)
    }

    @Test(arguments: [
        ("YUV4MPEG W2 H2 F1:1", Y4MError.notY4M),
        ("P6 2 2 255", .notY4M),
        ("YUV4MPEG2 H2 F1:1", .badHeader("missing width W")),
        ("YUV4MPEG2 W2 F1:1", .badHeader("missing height H")),
        ("YUV4MPEG2 W2 H2", .badHeader("missing frame rate F (replay needs frame times)")),
        ("YUV4MPEG2 W0 H2 F1:1", .badHeader("width W '0' is not in 1...16384")),
        ("YUV4MPEG2 W2 Hx F1:1", .badHeader("height H 'x' is not in 1...16384")),
        ("YUV4MPEG2 W2 H2 F30:0", .badHeader("frame rate F'30:0' is not <numerator>:<denominator> with both > 0")),
        ("YUV4MPEG2 W2 H2 F30", .badHeader("frame rate F'30' is not <numerator>:<denominator> with both > 0")),
        ("YUV4MPEG2 W2 H2 F1:1 C420p10", .unsupportedColourSpace("420p10")),
        ("YUV4MPEG2 W2 H2 F1:1 C411", .unsupportedColourSpace("411")),
    ])
    func badStreamHeadersAreNamed(header: String, error: Y4MError) {
        #expect(throws: error) { try reader(stream(header, frames: [])) }
    }

    @Test func bytesFromTheFileReachMessagesAsPrintableText() {
        let error = Y4MError.badHeader("width W '1\u{0}\r2' is not in 1...16384")
        #expect(error.description == #"bad YUV4MPEG2 header: width W '1\x00\x0D2' is not in 1...16384"#)
        let long = Y4MError.unsupportedColourSpace(String(repeating: "9", count: 200)).description
        #expect(long.contains(String(repeating: "9", count: 80) + "…") && !long.contains(String(repeating: "9", count: 81)))
    }

    @Test func emptyOrUnterminatedHeaderIsNotY4M() {
        #expect(throws: Y4MError.notY4M) { try reader([]) }
        #expect(throws: Y4MError.notY4M) { try reader(Array("YUV4MPEG2 W2 H2 F1:1".utf8)) }
    }

    @Test func badFrameHeaderNamesTheFrame() throws {
        let frame = uniform420(width: 2, height: 2, y: 1, u: 2, v: 3)
        var bytes = stream("YUV4MPEG2 W2 H2 F1:1", frames: [frame])
        bytes += Array("FRAMES\n".utf8) + frame
        let video = try reader(bytes)
        #expect(try video.readFrame() == 0)
        #expect(throws: Y4MError.badFrameHeader(frame: 1)) { try video.readFrame() }
    }

    @Test func hugeDeclaredFramesReserveOnlyWhatTheFileHolds() throws {
        // 16384 × 16384 in 4:4:4 declares 805 MB frames; the file holds 100 bytes of one.
        let bytes = stream("YUV4MPEG2 W16384 H16384 F30:1 C444", frames: [[UInt8](repeating: 7, count: 100)])
        let video = try reader(bytes)
        #expect(video.reservedFrameBytes < 4 * Y4MReader.growthStep)
        #expect(throws: Y4MError.truncatedFrame(frame: 0, bytes: 100, expected: 16_384 * 16_384 * 3)) {
            try video.readFrame()
        }
        #expect(video.reservedFrameBytes < 4 * Y4MReader.growthStep)
    }

    @Test func framesLargerThanOneGrowthStepReadWhole() throws {
        let width = 1_024, height = 1_024 // 1.5 MiB per 4:2:0 frame: the first frame grows in two steps
        let frames = [uniform420(width: width, height: height, y: 90, u: 128, v: 128),
                      uniform420(width: width, height: height, y: 91, u: 128, v: 128)]
        let video = try reader(stream("YUV4MPEG2 W\(width) H\(height) F30:1", frames: frames))
        var lastLumas: [UInt8] = []
        while try video.readFrame() != nil {
            lastLumas.append(video.withFramePixels { $0[width * height - 1] })
        }
        #expect(lastLumas == [90, 91])
    }

    @Test func truncatedFrameIsReported() throws {
        let frame = uniform420(width: 4, height: 4, y: 1, u: 2, v: 3)
        let bytes = stream("YUV4MPEG2 W4 H4 F1:1", frames: [frame, frame]).dropLast(5)
        let video = try reader(Array(bytes))
        #expect(try video.readFrame() == 0)
        #expect(throws: Y4MError.truncatedFrame(frame: 1, bytes: 19, expected: 24)) { try video.readFrame() }
        #expect(Y4MError.truncatedFrame(frame: 1, bytes: 19, expected: 24).description
            == "truncated YUV4MPEG2 stream: frame 1 has 19 of its 24 bytes")
    }

    @Test func largeFramesAreReadFromAFile() throws {
        // 640 × 480 frames are larger than the reader's 64 KiB buffer: read partly buffered, partly direct.
        try ReplayTestFiles.withTemporaryFile("finger.y4m") { path in
            let frames = (0..<3).map { uniform420(width: 640, height: 480, y: 180 + UInt8($0), u: 100, v: 200) }
            try ReplayTestFiles.write(path, stream("YUV4MPEG2 W640 H480 F30:1 Ip C420jpeg", frames: frames))
            let video = try Y4MReader(path: path)
            var reds: [Double] = []
            while let sample = try video.nextSample(using: FrameReducer()) { reds.append(sample.red) }
            let expected: [Double] = (0..<3).map { (index: Int) -> Double in
                let level: Int = (298 * (180 + index - 16) + 409 * (200 - 128) + 128) >> 8
                return Double(min(255, level))
            }
            #expect(reds == expected)
            #expect(throws: Y4MError.io(FileIOError(operation: "open", path: path + ".missing", code: 2))) {
                try Y4MReader(path: path + ".missing")
            }
        }
    }
}
