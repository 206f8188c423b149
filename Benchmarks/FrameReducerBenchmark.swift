// nfv-bench reducer: cost of FrameReducer per pixel format and frame size, next to a plain read that sums the
// same bytes at the same sampled pixels in the same run.

import Glibc
import NeurofitVitals
import PpgCore

/// The `reducer` benchmark.
@MainActor let frameReducerBenchmark = Benchmark(
    name: "reducer",
    summary: "FrameReducer µs per frame per pixel format at 640x480, 1280x720, 1920x1080 vs a plain read",
    run: { _ in FrameReducerBenchmark().run() }
)

/// Times `FrameReducer.reduce` against a plain sum of the bytes it reads.
struct FrameReducerBenchmark {
    private let sizes = [(640, 480), (1280, 720), (1920, 1080)]
    private let reducer = FrameReducer()

    func run() {
        print("format  size        samples  reduce µs  plain µs  ratio")
        var sink = 0.0
        for (width, height) in sizes {
            for format in PixelFormat.allCases {
                let layout = FrameLayout(format: format, width: width, height: height)
                let frame = Self.frameBytes(layout)
                frame.withUnsafeBytes { pixels in
                    let grid = reducer.samplingGrid(width: width, height: height)
                    let (reduce, plain) = Self.bestTimes(
                        { sink += (try? reducer.reduce(pixels, layout: layout))?.red ?? 0 },
                        { sink += Double(PlainRead.sum(pixels, layout, grid)) })
                    let row = [format.rawValue.padded(8), "\(width)x\(height)".padded(12),
                               "\(grid.sampleCount)".padded(9), Self.format(reduce).padded(11),
                               Self.format(plain).padded(10), Self.format(reduce / plain)]
                    print(row.joined())
                }
            }
        }
        print("(checksum \(sink))")
        printSamplingAccuracy()
        printPreviewCost()
    }

    /// What a preview costs: `PreviewScaler` µs per preview (≤ 160 px wide), and the share of one core at the
    /// default 15 previews a second and at the 60 a second a host may ask for (frames the rate limit refuses are
    /// never scaled, so a 60 fps camera at the default costs the 15 fps figure).
    private func printPreviewCost() {
        print("\npreview cost: format, size, µs per preview, % of a core at 15 and at 60 previews/s")
        var sink = 0
        for (width, height) in sizes.prefix(2) {
            for format in PixelFormat.allCases {
                let layout = FrameLayout(format: format, width: width, height: height)
                Self.frameBytes(layout).withUnsafeBytes { pixels in
                    let (scale, _) = Self.bestTimes({
                        sink += PreviewScaler.preview(of: pixels, layout: layout, timestampMicroseconds: 0)?.width ?? 0
                    }, {})
                    print([format.rawValue.padded(8), "\(width)x\(height)".padded(12), Self.format(scale).padded(9),
                           Self.format(scale * 15 / 1e4).padded(7), Self.format(scale * 60 / 1e4)].joined())
                }
            }
        }
        let painter = FingertipPicture()
        let frame = FrameSample(timestamp: 1, red: 172, green: 38, blue: 21)
        let (paint, _) = Self.bestTimes({ sink += painter.picture(of: frame).width }, {})
        print(["simulated".padded(8), "\(FingertipPicture.width)x\(FingertipPicture.height)".padded(12),
               Self.format(paint).padded(9), Self.format(paint * 15 / 1e4).padded(7), Self.format(paint * 60 / 1e4)]
            .joined() + "  (the simulator's painted fingertip)")
        print("(checksum \(sink))")
    }

    /// How far the subsampled red mean is from the mean of every pixel of the same region, on a fingertip-like
    /// frame (red falling off from the centre, ±8 counts of pixel noise), and how well it follows a 0.5 % pulse.
    private func printSamplingAccuracy() {
        print("\nsampling accuracy (rgb24): size, red mean sampled − all region pixels, pulse amplitude ratio")
        for (width, height) in sizes {
            let layout = FrameLayout(format: .rgb24, width: width, height: height)
            let grid = reducer.samplingGrid(width: width, height: height)
            var noise: UInt32 = 99
            let base = Self.fingertipReds(width: width, height: height, noise: &noise)
            let (sampledLow, allLow) = redMeans(base, scale: 1.0, layout)
            let (sampledHigh, allHigh) = redMeans(base, scale: 1.005, layout)
            let ratio = (sampledHigh - sampledLow) / (allHigh - allLow)
            print("\(width)x\(height) step \(grid.step): \(sampledLow - allLow) counts, pulse ratio \(ratio)")
        }
    }

    /// Red of every pixel: a vignette around the centre plus uniform noise.
    private static func fingertipReds(width: Int, height: Int, noise: inout UInt32) -> [Double] {
        (0..<width * height).map { index in
            let dx = Double(index % width - width / 2) / Double(width)
            let dy = Double(index / width - height / 2) / Double(height)
            noise = noise &* 1_664_525 &+ 1_013_904_223
            return 200 - 120 * (dx * dx + dy * dy) + Double(noise >> 28) - 8
        }
    }

    /// The reducer's red mean and the exact mean over every pixel of its region, for reds scaled by `scale`.
    private func redMeans(_ reds: [Double], scale: Double, _ layout: FrameLayout) -> (Double, Double) {
        let bytes = reds.flatMap { red in [UInt8(min(255, (red * scale).rounded())), 0, 0] }
        let sampled = bytes.withUnsafeBytes { try! reducer.reduce($0, layout: layout).red }
        let left = layout.width / 4 & ~1, top = layout.height / 4 & ~1
        var sum = 0.0, count = 0.0
        for row in top..<top + layout.height / 2 {
            for column in left..<left + layout.width / 2 {
                sum += Double(bytes[(row * layout.width + column) * 3])
                count += 1
            }
        }
        return (sampled, sum / count)
    }

    /// A deterministic fingertip-like frame: bytes varying across the frame, every plane filled.
    private static func frameBytes(_ layout: FrameLayout) -> [UInt8] {
        let byteCount = try! layout.validate(byteCount: Int.max)
        var state: UInt32 = 12_345
        return (0..<byteCount).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: 160 + Int(state >> 26))
        }
    }

    /// The fastest of 9 alternating runs of each closure, in µs per call; each run lasts ≥ 10 ms. Alternating
    /// keeps both figures under the same machine load.
    private static func bestTimes(_ first: () -> Void, _ second: () -> Void) -> (Double, Double) {
        var iterations = 1
        while seconds(iterations, first) < 0.01 { iterations *= 2 }
        var best = (Double.infinity, Double.infinity)
        for _ in 0..<9 {
            best.0 = min(best.0, seconds(iterations, first))
            best.1 = min(best.1, seconds(iterations, second))
        }
        return (best.0 / Double(iterations) * 1e6, best.1 / Double(iterations) * 1e6)
    }

    private static func seconds(_ iterations: Int, _ work: () -> Void) -> Double {
        var start = timespec(), end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        for _ in 0..<iterations { work() }
        clock_gettime(CLOCK_MONOTONIC, &end)
        return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) * 1e-9
    }

    private static func format(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }
}

/// The baseline: sums every byte the reducer reads (R, G, B or Y, U, V of each sampled pixel), nothing else.
enum PlainRead {
    static func sum(_ pixels: UnsafeRawBufferPointer, _ layout: FrameLayout, _ grid: SamplingGrid) -> Int {
        let base = pixels.baseAddress!
        let offsets = byteOffsets(layout)
        var total = 0
        for row in 0..<grid.rows {
            let y = grid.top + row * grid.step
            var first = base + y * layout.stride + grid.left * offsets.firstPixelBytes
            let chromaRow = (y >> offsets.shiftY) * offsets.chromaStride
                + (grid.left >> offsets.shiftX) * offsets.chromaPixelBytes
            var second = base + offsets.second + chromaRow
            var third = base + offsets.third + chromaRow
            let firstAdvance = grid.step * offsets.firstPixelBytes
            let otherAdvance = (grid.step >> offsets.shiftX) * offsets.chromaPixelBytes
            for _ in 0..<grid.columns {
                total &+= Int(first.load(as: UInt8.self)) &+ Int(second.load(as: UInt8.self))
                    &+ Int(third.load(as: UInt8.self))
                first += firstAdvance
                second += otherAdvance
                third += otherAdvance
            }
        }
        return total
    }

    /// Where the three bytes of a sampled pixel are (packed formats: all within the pixel; gray8 reads luma thrice).
    private static func byteOffsets(_ layout: FrameLayout)
        -> (firstPixelBytes: Int, second: Int, third: Int, chromaStride: Int, chromaPixelBytes: Int,
            shiftX: Int, shiftY: Int) {
        let stride = layout.stride, height = layout.height
        let planeU = stride * height
        let chromaRows = layout.format == .i420 ? (height + 1) / 2 : height
        switch layout.format {
        case .rgb24, .bgr24: return (3, 1, 2, stride, 3, 0, 0)
        case .rgba, .bgra: return (4, 1, 2, stride, 4, 0, 0)
        case .gray8: return (1, 0, 0, stride, 1, 0, 0)
        case .yuyv: return (2, 1, 3, stride, 4, 1, 0)
        case .nv12: return (1, planeU, planeU + 1, stride, 2, 1, 1)
        case .nv21: return (1, planeU + 1, planeU, stride, 2, 1, 1)
        case .i420, .i422:
            return (1, planeU, planeU + layout.chromaStride * chromaRows, layout.chromaStride, 1, 1,
                    layout.format == .i420 ? 1 : 0)
        case .i444: return (1, planeU, planeU * 2, stride, 1, 0, 0)
        }
    }
}

