import Glibc
import NeurofitVitals
import PpgCore
import Synchronization
import Testing

/// The preview of a frame of `layout` whose every pixel is `pixel` (the bytes of one pixel, or of a YUYV pair).
private func uniformPreview(_ layout: FrameLayout, pixel: [UInt8]) -> PreviewFrame? {
    let byteCount = try! layout.validate(byteCount: Int.max)
    let bytes = (0..<byteCount).map { pixel[$0 % pixel.count] }
    return bytes.withUnsafeBytes { PreviewScaler.preview(of: $0, layout: layout, timestampMicroseconds: 7) }
}

/// Planar YUV bytes whose every sample is `y`, `u`, `v` in their planes.
private func uniformPlanar(_ layout: FrameLayout, y: UInt8, u: UInt8, v: UInt8) -> PreviewFrame? {
    let byteCount = try! layout.validate(byteCount: Int.max)
    let lumaBytes = layout.stride * layout.height
    var bytes = [UInt8](repeating: y, count: byteCount)
    for index in lumaBytes..<byteCount {
        bytes[index] = switch layout.format {
        case .nv12: (index - lumaBytes) % 2 == 0 ? u : v
        case .nv21: (index - lumaBytes) % 2 == 0 ? v : u
        default: index - lumaBytes < (byteCount - lumaBytes) / 2 ? u : v
        }
    }
    return bytes.withUnsafeBytes { PreviewScaler.preview(of: $0, layout: layout, timestampMicroseconds: 7) }
}

@Suite struct PreviewScalerTests {
    @Test func wideFramesShrinkTo160KeepingTheAspect() throws {
        let layout = FrameLayout(format: .rgb24, width: 640, height: 480)
        let preview = try #require(uniformPreview(layout, pixel: [1, 2, 3]))
        #expect(preview.width == 160)
        #expect(preview.height == 120)
        #expect(preview.stride == 480)
        #expect(preview.rgb.count == 160 * 120 * 3)
        #expect(preview.timestampMicroseconds == 7)
    }

    @Test func smallFramesKeepTheirSize() throws {
        let layout = FrameLayout(format: .bgra, width: 64, height: 36)
        let preview = try #require(uniformPreview(layout, pixel: [0, 0, 0, 0]))
        #expect((preview.width, preview.height) == (64, 36))
    }

    @Test(arguments: [(PixelFormat.rgb24, [UInt8]([200, 10, 20])), (.bgr24, [20, 10, 200]),
                      (.rgba, [200, 10, 20, 255]), (.bgra, [20, 10, 200, 255])])
    func packedColoursComeOutAsRGB(format: PixelFormat, pixel: [UInt8]) throws {
        let preview = try #require(uniformPreview(FrameLayout(format: format, width: 321, height: 241), pixel: pixel))
        for index in stride(from: 0, to: preview.rgb.count, by: 3) {
            #expect(Array(preview.rgb[index..<index + 3]) == [200, 10, 20])
        }
    }

    @Test(arguments: [PixelFormat.nv12, .nv21, .i420, .i422, .i444])
    func planarRedComesOutRed(format: PixelFormat) throws {
        // BT.601 limited range: Y 81, U 90, V 240 is pure red.
        let preview = try #require(uniformPlanar(FrameLayout(format: format, width: 320, height: 240), y: 81, u: 90,
                                                 v: 240))
        #expect(preview.rgb[0] >= 250 && preview.rgb[1] <= 5 && preview.rgb[2] <= 5)
        #expect(preview.rgb.last! <= 5 && preview.rgb[preview.rgb.count - 3] >= 250)
    }

    @Test func yuyvRedComesOutRed() throws {
        let preview = try #require(uniformPreview(FrameLayout(format: .yuyv, width: 320, height: 240),
                                                  pixel: [81, 90, 81, 240]))
        #expect(preview.rgb[0] >= 250 && preview.rgb[1] <= 5 && preview.rgb[2] <= 5)
    }

    @Test func aBufferTooSmallGivesNoPreview() {
        let layout = FrameLayout(format: .rgb24, width: 10, height: 10)
        let preview = [UInt8](repeating: 0, count: 10).withUnsafeBytes {
            PreviewScaler.preview(of: $0, layout: layout, timestampMicroseconds: 0)
        }
        #expect(preview == nil)
    }
}

@Suite struct PreviewRateLimitTests {
    /// How many of `frames` frames at `fps` (sample time) a limit of `maximumFPS` lets through.
    private func admitted(frames: Int, fps: Double, maximumFPS: Int) -> Int {
        var limit = PreviewRateLimit(maximumFPS: maximumFPS)
        return (0..<frames).filter { limit.admits(Int64((Double($0) / fps * 1e6).rounded())) }.count
    }

    @Test func sixtyFpsAtTheDefaultGivesFifteen() {
        // 10 s of 60 fps frames: 150 previews (the first slot at 0 s plus one per 1/15 s).
        #expect(admitted(frames: 600, fps: 60, maximumFPS: PreviewRateLimit.defaultFPS) == 150)
    }

    @Test func thirtyFpsAtTwentyAveragesTwenty() {
        // Two frames of three: the limit is an average over sample time, never exceeded.
        #expect(admitted(frames: 300, fps: 30, maximumFPS: 20) == 200)
    }

    @Test func aSlowerSourcePassesWhole() {
        #expect(admitted(frames: 100, fps: 10, maximumFPS: 15) == 100)
    }

    @Test func aGapRestartsTheGrid() {
        var limit = PreviewRateLimit(maximumFPS: 10)
        let passed = [0, 5_000_000, 5_050_000, 5_100_000].map { limit.admits($0) }
        #expect(passed == [true, true, false, true])
    }

    @Test func aLateFrameThenAPunctualOneIsNotAPair() {
        // 60 fps with a 10 fps limit: the frame due at 100 ms comes 83 ms late (the camera stalled), the next is on
        // time at 200 ms. The grid alone would pass both, 17 ms apart; the half-interval rule refuses the second.
        var limit = PreviewRateLimit(maximumFPS: 10)
        let passed = [0, 183_333, 200_000, 216_667, 283_333, 300_000, 383_333].map { limit.admits($0) }
        #expect(passed == [true, true, false, false, true, false, true])
    }

    @Test func jitteredFramesNeverExceedTheLimitInAnySecond() {
        var generator = ReplayTestRandom(seed: 7)
        var limit = PreviewRateLimit(maximumFPS: 10)
        var time: Int64 = 0
        var passed: [Int64] = []
        for _ in 0..<6_000 {
            time += 16_667 + Int64.random(in: -12_000...60_000, using: &generator)
            if limit.admits(time) { passed.append(time) }
        }
        let gaps = zip(passed.dropFirst(), passed).map { $0 - $1 }
        #expect(gaps.min()! >= 50_000)
        let busiestSecond = passed.indices.map { start in passed[start...].prefix { $0 < passed[start] + 1_000_000 }.count }
        #expect(busiestSecond.max()! <= 11)
        #expect(passed.count > 9 * Int(time / 1_000_000))
    }

    @Test func extremeTimestampsNeitherTrapNorStopThePreviews() {
        var limit = PreviewRateLimit(maximumFPS: 15)
        let timestamps: [Int64] = [.min, 0, .max - 1, .max]   // typed: Swift 6.0.3 reads the literals as Int
        let passed = timestamps.map { limit.admits($0) }
        #expect(passed == [true, true, true, false])
    }
}

@Suite struct PreviewMailboxTests {
    @Test func deliversOnItsThreadAndNothingAfterClose() throws {
        let received = Mutex<[Int64]>([])
        let mailbox = try PreviewMailbox(maximumFPS: 60) { frame in
            received.withLock { $0.append(frame.timestampMicroseconds) }
        }
        let frame = { (time: Int64) in PreviewFrame(width: 1, height: 1, rgb: [1, 2, 3], timestampMicroseconds: time) }
        mailbox.offer(at: 0) { frame(0) }
        for _ in 0..<200 where received.withLock({ $0.isEmpty }) { usleep(5_000) }
        #expect(received.withLock { $0 } == [0])
        mailbox.close()
        mailbox.offer(at: 1_000_000) { frame(1_000_000) }
        usleep(20_000)
        #expect(received.withLock { $0 } == [0])
    }

    @Test func aSlowHostGetsTheNewestFrameNotAQueue() throws {
        let received = Mutex<[Int64]>([])
        let release = Atomic<Bool>(false)
        let mailbox = try PreviewMailbox(maximumFPS: 60) { frame in
            while !release.load(ordering: .acquiring) { usleep(1_000) }
            received.withLock { $0.append(frame.timestampMicroseconds) }
        }
        let frame = { (time: Int64) in PreviewFrame(width: 1, height: 1, rgb: [1, 2, 3], timestampMicroseconds: time) }
        mailbox.offer(at: 0) { frame(0) }
        usleep(20_000)  // the host is now busy with frame 0
        for second in 1...5 { mailbox.offer(at: Int64(second) * 1_000_000) { frame(Int64(second) * 1_000_000) } }
        release.store(true, ordering: .releasing)
        for _ in 0..<200 where received.withLock({ $0.count < 2 }) { usleep(5_000) }
        usleep(20_000)
        #expect(received.withLock { $0 } == [0, 5_000_000])
        mailbox.close()
    }
}

@Suite struct FingertipPictureTests {
    /// The mean of each channel of `picture`.
    private func meanColour(_ picture: PreviewFrame) -> [Double] {
        (0..<3).map { channel in
            Double(stride(from: channel, to: picture.rgb.count, by: 3).map { Int(picture.rgb[$0]) }.reduce(0, +))
                / Double(picture.width * picture.height)
        }
    }

    @Test func itsMeanColourIsTheFramesMeans() {
        let picture = FingertipPicture().picture(of: FrameSample(timestamp: 2.5, red: 172.4, green: 38.2, blue: 21.7))
        #expect((picture.width, picture.height) == (FingertipPicture.width, FingertipPicture.height))
        #expect(picture.timestampMicroseconds == 2_500_000)
        let mean = meanColour(picture)
        for (channel, expected) in zip(mean, [172.4, 38.2, 21.7]) { #expect(abs(channel - expected) < 1) }
    }

    @Test func theCentreGlowsBrighterThanTheRim() {
        let picture = FingertipPicture().picture(of: FrameSample(timestamp: 0, red: 150, green: 30, blue: 20))
        let centre = (picture.height / 2 * picture.width + picture.width / 2) * 3
        #expect(picture.rgb[centre] > picture.rgb[0] + 50)
    }

    @Test func aDarkLensStaysDark() {
        let picture = FingertipPicture().picture(of: FrameSample(timestamp: 0, red: 3, green: 2, blue: 2))
        #expect(picture.rgb.allSatisfy { $0 <= 5 })
    }
}
