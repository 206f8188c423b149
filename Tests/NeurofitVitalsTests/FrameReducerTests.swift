import NeurofitVitals
import PpgCore
import Testing

/// A frame buffer filled with `fill` for each byte, sized for `layout`.
private func frame(_ layout: FrameLayout, fill: (Int) -> UInt8) -> [UInt8] {
    let byteCount = try! layout.validate(byteCount: Int.max)
    return (0..<byteCount).map(fill)
}

private func reduce(_ bytes: [UInt8], _ layout: FrameLayout, reducer: FrameReducer = FrameReducer()) throws
    -> ChannelMeans {
    try bytes.withUnsafeBytes { try reducer.reduce($0, layout: layout) }
}

/// The integer BT.601 limited-range red of one pixel, as the reducer documents it.
private func bt601Red(_ y: Int, _ v: Int) -> Int {
    min(max((298 * (y - 16) + 409 * (v - 128) + 128) >> 8, 0), 255)
}

/// Writes Y, U, V planes (or YUYV / NV12 / NV21 interleaving) for a frame whose pixel (x, y) has the given values.
private func yuvFrame(_ layout: FrameLayout, pixel: (Int, Int) -> (y: UInt8, u: UInt8, v: UInt8)) -> [UInt8] {
    var bytes = frame(layout) { _ in 0 }
    let stride = layout.stride, chromaStride = layout.chromaStride
    let planeU = stride * layout.height
    let chromaRows = [.i420, .nv12, .nv21].contains(layout.format) ? (layout.height + 1) / 2 : layout.height
    for row in 0..<layout.height {
        for column in 0..<layout.width {
            let value = pixel(column, row)
            let cx = layout.format == .i444 ? column : column / 2
            let cy = [.i420, .nv12, .nv21].contains(layout.format) ? row / 2 : row
            switch layout.format {
            case .yuyv:
                bytes[row * stride + column * 2] = value.y
                bytes[row * stride + cx * 4 + 1] = value.u
                bytes[row * stride + cx * 4 + 3] = value.v
            case .nv12:
                bytes[row * stride + column] = value.y
                bytes[planeU + cy * stride + cx * 2] = value.u
                bytes[planeU + cy * stride + cx * 2 + 1] = value.v
            case .nv21:
                bytes[row * stride + column] = value.y
                bytes[planeU + cy * stride + cx * 2] = value.v
                bytes[planeU + cy * stride + cx * 2 + 1] = value.u
            case .i420, .i422, .i444:
                bytes[row * stride + column] = value.y
                bytes[planeU + cy * chromaStride + cx] = value.u
                bytes[planeU + chromaStride * chromaRows + cy * chromaStride + cx] = value.v
            case .gray8:
                bytes[row * stride + column] = value.y
            case .rgb24, .bgr24, .rgba, .bgra:
                Issue.record("not a YUV format")
            }
        }
    }
    return bytes
}

private let packedFormats: [PixelFormat] = [.rgb24, .bgr24, .rgba, .bgra]
private let chromaFormats: [PixelFormat] = [.yuyv, .nv12, .nv21, .i420, .i422, .i444]

/// Layouts with the byte count each needs, worked out by hand from the plane rules of `FrameLayout`.
private let exactSizes: [(FrameLayout, Int)] = [
    (FrameLayout(format: .i420, width: 5, height: 3), 27),
    (FrameLayout(format: .i420, width: 5, height: 3, stride: 8), 39),
    (FrameLayout(format: .nv12, width: 5, height: 3, stride: 6), 30),
    (FrameLayout(format: .nv12, width: 3, height: 3), 20),
    (FrameLayout(format: .nv21, width: 5, height: 3, stride: 6), 30),
    (FrameLayout(format: .i422, width: 3, height: 2), 14),
    (FrameLayout(format: .i444, width: 3, height: 2), 18),
    (FrameLayout(format: .yuyv, width: 3, height: 2, stride: 10), 18),
    (FrameLayout(format: .bgra, width: 3, height: 2, stride: 16), 28),
    (FrameLayout(format: .gray8, width: 1, height: 1), 1),
]

@Suite struct FrameReducerTests {
    @Test func gridIsTheCentralQuarterWithinTheBudget() {
        let reducer = FrameReducer()
        #expect(reducer.samplingGrid(width: 640, height: 480)
            == SamplingGrid(width: 640, height: 480, budget: 40_000))
        let vga = reducer.samplingGrid(width: 640, height: 480)
        #expect([vga.left, vga.top, vga.step, vga.columns, vga.rows] == [160, 120, 2, 160, 120])
        let hd = reducer.samplingGrid(width: 1920, height: 1080)
        #expect([hd.left, hd.top, hd.step, hd.columns, hd.rows] == [480, 270, 4, 240, 135])
        #expect(hd.sampleCount <= FrameReducer.defaultSampleBudget)
        let tiny = reducer.samplingGrid(width: 1, height: 1)
        #expect([tiny.left, tiny.top, tiny.columns, tiny.rows] == [0, 0, 1, 1])
    }

    @Test(arguments: packedFormats)
    func packedMeansMatchAPlainReference(format: PixelFormat) throws {
        let layout = FrameLayout(format: format, width: 64, height: 48, stride: 64 * 4 + 12)
        var generator = ReplayTestRandom(seed: 7)
        let bytes = frame(layout) { _ in UInt8.random(in: 200...255, using: &generator) }
        let means = try reduce(bytes, layout)
        let grid = FrameReducer().samplingGrid(width: 64, height: 48)
        let pixelBytes = format == .rgb24 || format == .bgr24 ? 3 : 4
        let (redOffset, blueOffset) = format == .rgb24 || format == .rgba ? (0, 2) : (2, 0)
        var sums = [0, 0, 0], saturated = 0
        for row in 0..<grid.rows {
            for column in 0..<grid.columns {
                let offset = (grid.top + row * grid.step) * layout.stride
                    + (grid.left + column * grid.step) * pixelBytes
                sums[0] += Int(bytes[offset + redOffset])
                sums[1] += Int(bytes[offset + 1])
                sums[2] += Int(bytes[offset + blueOffset])
                saturated += bytes[offset + redOffset] >= 250 ? 1 : 0
            }
        }
        let count = Double(grid.sampleCount)
        #expect(means == ChannelMeans(red: Double(sums[0]) / count, green: Double(sums[1]) / count,
                                      blue: Double(sums[2]) / count, saturatedFraction: Double(saturated) / count))
        #expect(means.saturatedFraction > 0 && means.saturatedFraction < 1)
    }

    @Test(arguments: packedFormats)
    func channelOrderIsRespected(format: PixelFormat) throws {
        let layout = FrameLayout(format: format, width: 8, height: 8)
        let pixelBytes = format == .rgb24 || format == .bgr24 ? 3 : 4
        let isBGR = format == .bgr24 || format == .bgra
        let bytes = frame(layout) { index in
            switch index % pixelBytes {
            case 0: isBGR ? 30 : 250
            case 1: 120
            case 2: isBGR ? 250 : 30
            default: 7
            }
        }
        #expect(try reduce(bytes, layout) == ChannelMeans(red: 250, green: 120, blue: 30, saturatedFraction: 1))
    }

    @Test func pixelsOutsideTheRegionAreIgnored() throws {
        let layout = FrameLayout(format: .rgb24, width: 40, height: 20)
        var bytes = frame(layout) { _ in 255 }
        // The region is columns 10..<30 and rows 4..<14 (left and top rounded down to even).
        for row in 4..<14 {
            for column in 10..<30 {
                let offset = row * layout.stride + column * 3
                bytes[offset...offset + 2] = [100, 50, 20]
            }
        }
        #expect(try reduce(bytes, layout) == ChannelMeans(red: 100, green: 50, blue: 20, saturatedFraction: 0))
    }

    /// Even and odd sizes: an odd size's last chroma column and row cover one pixel only.
    @Test(arguments: chromaFormats, [(62, 46), (61, 45)])
    func yuvMeansMatchAPerPixelReference(format: PixelFormat, size: (width: Int, height: Int)) throws {
        var layout = FrameLayout(format: format, width: size.width, height: size.height)
        layout.stride += 6
        var generator = ReplayTestRandom(seed: 11)
        let bytes = yuvFrame(layout) { _, _ in
            (UInt8.random(in: 150...235, using: &generator), UInt8.random(in: 100...140, using: &generator),
             UInt8.random(in: 150...200, using: &generator))
        }
        let means = try reduce(bytes, layout)
        // The reference recomputes every sampled pixel from the same generator sequence.
        var replay = ReplayTestRandom(seed: 11)
        var values: [[(y: Int, u: Int, v: Int)]] = Array(repeating: [], count: layout.height)
        for row in 0..<layout.height {
            for _ in 0..<layout.width {
                values[row].append((Int(UInt8.random(in: 150...235, using: &replay)),
                                    Int(UInt8.random(in: 100...140, using: &replay)),
                                    Int(UInt8.random(in: 150...200, using: &replay))))
            }
        }
        let grid = FrameReducer().samplingGrid(width: layout.width, height: layout.height)
        var red = 0, green = 0.0, blue = 0.0, saturated = 0
        for row in 0..<grid.rows {
            for column in 0..<grid.columns {
                let (x, y) = (grid.left + column * grid.step, grid.top + row * grid.step)
                // Subsampled chroma is stored once per block: the block's last written pixel holds it.
                let chromaX = format == .i444 ? x : x / 2 * 2 + 1
                let chromaY = [.i420, .nv12, .nv21].contains(format) ? min(y / 2 * 2 + 1, layout.height - 1) : y
                let luma = values[y][x].y
                let (u, v) = (values[chromaY][min(chromaX, layout.width - 1)].u,
                              values[chromaY][min(chromaX, layout.width - 1)].v)
                let pixelRed = bt601Red(luma, v)
                red += pixelRed
                saturated += pixelRed >= 250 ? 1 : 0
                let lumaTerm: Int = 298 * (luma - 16)
                let greenTerm: Int = lumaTerm - 100 * (u - 128) - 208 * (v - 128)
                green += Double(greenTerm) / 256
                blue += Double(lumaTerm + 516 * (u - 128)) / 256
            }
        }
        let count = Double(grid.sampleCount)
        #expect(means.red == Double(red) / count)
        #expect(means.saturatedFraction == Double(saturated) / count)
        #expect(means.saturatedFraction > 0)
        #expect(abs(means.green - max(0, green / count)) < 1e-9)
        #expect(abs(means.blue - min(255, blue / count)) < 1e-9)
    }

    @Test(arguments: chromaFormats + [.gray8])
    func uniformYUVFramesConvertToBT601(format: PixelFormat) throws {
        let layout = FrameLayout(format: format, width: 16, height: 12)
        let gray = try reduce(yuvFrame(layout) { _, _ in (126, 128, 128) }, layout)
        // Red is the rounded per-pixel value; green and blue come unrounded from the mean Y, U, V.
        let rounded = Double(bt601Red(126, 128)), exact = 298.0 * 110 / 256
        #expect(rounded == 128 && exact == 128.046875)
        let expectedGray = format == .gray8
            ? ChannelMeans(red: rounded, green: rounded, blue: rounded, saturatedFraction: 0)
            : ChannelMeans(red: rounded, green: exact, blue: exact, saturatedFraction: 0)
        #expect(gray == expectedGray)
        guard format != .gray8 else { return }
        // BT.601 limited-range pure red (Y 81, U 90, V 240) converts to red 255 and green and blue 0 (clamped).
        let red = try reduce(yuvFrame(layout) { _, _ in (81, 90, 240) }, layout)
        #expect(red.red == 255 && red.saturatedFraction == 1)
        #expect(red.green == 0 && red.blue == 0)
    }

    @Test(arguments: PixelFormat.allCases)
    func paddedStridesGiveTheSameMeans(format: PixelFormat) throws {
        let tight = FrameLayout(format: format, width: 30, height: 22)
        let padded = FrameLayout(format: format, width: 30, height: 22, stride: tight.minimumStride + 10)
        var generator = ReplayTestRandom(seed: 3)
        let pixels = (0..<30 * 22 * 3).map { _ in UInt8.random(in: 0...255, using: &generator) }
        // The same pixel values in both layouts, with 0xFF garbage in the padding.
        func fill(_ layout: FrameLayout) -> [UInt8] {
            if format == .rgb24 || format == .bgr24 || format == .rgba || format == .bgra {
                let pixelBytes = format == .rgb24 || format == .bgr24 ? 3 : 4
                var bytes = frame(layout) { _ in 0xFF }
                for row in 0..<22 {
                    for column in 0..<30 * pixelBytes {
                        bytes[row * layout.stride + column] = pixels[(row * 30 * pixelBytes + column) % pixels.count]
                    }
                }
                return bytes
            }
            return yuvFrame(layout) { x, y in
                let base = (y * 30 + x) * 3
                return (pixels[base], pixels[base + 1], pixels[base + 2])
            }
        }
        let tightMeans = try reduce(fill(tight), tight)
        let paddedMeans = try reduce(fill(padded), padded)
        #expect(tightMeans == paddedMeans)
    }

    @Test(arguments: exactSizes)
    func exactSizeBuffersAreAccepted(layout: FrameLayout, required: Int) throws {
        #expect(try layout.validate(byteCount: required) == required)
        #expect(throws: FrameReducerError.bufferTooSmall(byteCount: required - 1, required: required)) {
            try layout.validate(byteCount: required - 1)
        }
        let bytes = [UInt8](repeating: 200, count: required)
        #expect(try reduce(bytes, layout).red > 0)
    }

    @Test func invalidLayoutsAreNamedErrors() throws {
        let reducer = FrameReducer()
        let bytes = [UInt8](repeating: 0, count: 64)
        bytes.withUnsafeBytes { pixels in
            #expect(throws: FrameReducerError.invalidDimensions(width: 0, height: 4)) {
                try reducer.reduce(pixels, layout: FrameLayout(format: .rgb24, width: 0, height: 4))
            }
            #expect(throws: FrameReducerError.invalidDimensions(width: 4, height: 16_385)) {
                try reducer.reduce(pixels, layout: FrameLayout(format: .gray8, width: 4, height: 16_385))
            }
            #expect(throws: FrameReducerError.invalidStride(stride: 11, minimum: 12)) {
                try reducer.reduce(pixels, layout: FrameLayout(format: .rgb24, width: 4, height: 2, stride: 11))
            }
            #expect(throws: FrameReducerError.invalidStride(stride: -8, minimum: 8)) {
                try reducer.reduce(pixels, layout: FrameLayout(format: .yuyv, width: 4, height: 2, stride: -8))
            }
            #expect(throws: FrameReducerError.bufferTooSmall(byteCount: 64, required: 17 * 4 + 16)) {
                try reducer.reduce(pixels, layout: FrameLayout(format: .rgba, width: 4, height: 5, stride: 16)
                    .with(height: 5, stride: 17))
            }
        }
        #expect(throws: FrameReducerError.bufferTooSmall(byteCount: 0, required: 1)) {
            try reducer.reduce(UnsafeRawBufferPointer(start: nil, count: 0),
                               layout: FrameLayout(format: .gray8, width: 1, height: 1))
        }
        #expect(throws: FrameReducerError.unknownFormat("mjpeg")) { try PixelFormat(name: "mjpeg") }
        #expect(try PixelFormat(name: "nv12") == .nv12)
    }

    @Test func errorDescriptionsNameTheProblem() {
        #expect(FrameReducerError.bufferTooSmall(byteCount: 10, required: 12).description
            == "frame buffer too small: 10 bytes given, the layout needs 12")
        #expect(FrameReducerError.invalidDimensions(width: 0, height: 4).description
            == "invalid frame size 0x4: width and height must be in 1...16384")
        #expect(FrameReducerError.unknownFormat("mjpeg").description
            .hasPrefix("unknown pixel format 'mjpeg' (known: rgb24,"))
    }

    @Test func meansBecomeAFrameSample() {
        let means = ChannelMeans(red: 180.5, green: 2, blue: 20.25, saturatedFraction: 0.125)
        #expect(means.frameSample(timestamp: 1.5)
            == FrameSample(timestamp: 1.5, red: 180.5, green: 2, blue: 20.25, saturatedFraction: 0.125))
    }
}

extension FrameLayout {
    /// A copy with another height and stride.
    fileprivate func with(height: Int, stride: Int) -> FrameLayout {
        FrameLayout(format: format, width: width, height: height, stride: stride)
    }
}
