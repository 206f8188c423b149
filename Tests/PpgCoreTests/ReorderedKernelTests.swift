import Testing
import Glibc
@testable import PpgCore

/// Kernels rewritten for speed give the bits of their straightforward form: the analysis they feed must not change
/// with how the work is scheduled.
struct ReorderedKernelTests {
    /// Gaussian values with rare large spikes, so that any change in the order of a sum shows in its last bits.
    private func spiky(count: Int, seed: UInt64) -> [Double] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { _ in random.gaussian(sd: 1e-3) + (random.chance(0.1) ? 1e6 : 0) }
    }

    @Test(arguments: [(2, 2), (3, 4), (50, 2), (1800, 4), (3600, 2)])
    func upsamplingOnUnitGapsGivesTheGeneralSplinesValues(count: Int, factor: Int) {
        let samples = spiky(count: count, seed: UInt64(count + factor))
        let spline = CubicSpline(knots: (0..<count).map(Double.init), values: samples)
        let general = (0..<((count - 1) * factor + 1)).map {
            spline.value(at: Double($0) / Double(factor), interval: min($0 / factor, count - 2))
        }
        #expect(CubicSpline.upsample(samples, factor: factor).map(\.bitPattern) == general.map(\.bitPattern))
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func captureTimesRunningMedianIsTheSortedWindowsMedian(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        var time = 0.0
        let stamps = (0..<600).map { _ in
            time += 1.0 / 30 + random.gaussian(sd: 0.004) + (random.chance(0.02) ? 1.0 / 30 : 0)
            return time
        }
        let (period, residuals) = try #require(CaptureTimeEstimator.stampResiduals(stamps))
        let half = CaptureTimeEstimator.halfWidth
        let sorted = stamps.indices.map { index in
            let window = residuals[max(0, index - half)..<min(stamps.count, index + half + 1)].sorted()
            return Double(index) * period + (Statistics.percentile(sorted: window, 50) ?? 0)
        }
        let estimate = CaptureTimeEstimator.captureTimes(stamps[...])
        #expect(estimate != stamps)
        #expect(estimate.map(\.bitPattern) == sorted.map(\.bitPattern))
    }

    /// The array form of the Elgendi moving average: running sums of the edge-padded values kept whole.
    private func arrayMovingAverage(_ values: [Double], size: Int) -> [Double] {
        let padded = [Double](repeating: values[0], count: size) + values
            + [Double](repeating: values[values.count - 1], count: size)
        var sums = [0.0]
        for value in padded { sums.append(sums[sums.count - 1] + value) }
        return values.indices.map { index in
            let first = index + size - size / 2
            return (sums[first + size] - sums[first]) / Double(size)
        }
    }

    @Test(arguments: [(1, 5), (2, 40), (13, 3), (13, 600), (80, 7201), (300, 900), (160, 101), (6, 1)])
    func runningBoxcarGivesTheArrayFormsAverages(size: Int, count: Int) {
        let values = spiky(count: count, seed: UInt64(size * 7 + count))
        #expect(ElgendiPeakDetector.RunningBoxcar.averages(of: values, size: size).map(\.bitPattern)
                == arrayMovingAverage(values, size: size).map(\.bitPattern))
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func elgendiPeaksAreThoseOfTheArrayForm(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let rate = [60.0, 120, 125, 240][Int(seed - 1)]
        let signal = (0..<Int(30 * rate)).map { index -> Double in
            let phase = (Double(index) / rate).truncatingRemainder(dividingBy: 0.83)
            return exp(-pow((phase - 0.3) / 0.07, 2)) - 0.3 + random.gaussian(sd: 0.05)
        }
        let detector = ElgendiPeakDetector()
        let squared = signal.map { $0 > 0 ? $0 * $0 : 0 }
        let peakSize = max(1, Int((detector.peakWindow * rate).rounded()))
        let beatSize = max(1, Int((detector.beatWindow * rate).rounded()))
        let (peakAverage, beatAverage) = (arrayMovingAverage(squared, size: peakSize),
                                          arrayMovingAverage(squared, size: beatSize))
        let offset = detector.beatOffset * squared.reduce(0, +) / Double(squared.count)
        let spacing = Int((detector.minimumDelay * rate).rounded())
        var expected: [Int] = [], blockStart: Int? = nil
        for index in 0...signal.count {
            let inside = index < signal.count && peakAverage[index] > beatAverage[index] + offset
            if inside, blockStart == nil { blockStart = index }
            guard !inside, let start = blockStart else { continue }
            blockStart = nil
            guard index < signal.count, index - start >= peakSize,
                  let peak = ElgendiPeakDetector.mostProminentMaximum(signal, in: start..<index) else { continue }
            if let last = expected.last, peak - last <= spacing { continue }
            expected.append(peak)
        }
        #expect(expected.count > 20)
        #expect(detector.peaks(in: signal, sampleRate: rate) == expected)
    }

    /// A percentile of sorted values, its lower rank found by truncation, is NumPy's linear interpolation with the
    /// rank's floor, bit for bit, at the ends, at the quartiles and at random levels, for one value and for many.
    @Test func percentileOfSortedValuesIsTheFlooredInterpolation() throws {
        var random = SeededRandom(seed: 11)
        for count in [1, 2, 3, 7, 31, 200, 1001] {
            let sorted = spiky(count: count, seed: UInt64(count)).sorted()
            for p in [0, 2.5, 25, 50, 75, 97.5, 100, -3, 140] + (0..<20).map({ _ in random.uniform(in: 0...100) }) {
                let position = min(max(p, 0), 100) / 100 * Double(count - 1)
                let lower = Int(position.rounded(.down)), upper = min(lower + 1, count - 1)
                let expected = sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
                let found = try #require(Statistics.percentile(sorted: sorted, p))
                #expect(found.bitPattern == expected.bitPattern)
            }
        }
    }

    /// A reading keeps the frames with finite values whose stamp exceeds the last kept one, whether or not its
    /// input needs filtering (a valid input is kept whole, without a copy).
    @Test func readingSignalKeepsTheFramesTheFilterKeeps() {
        let valid = (0..<300).map { FrameSample(timestamp: Double($0) / 30, red: 200 + sin(Double($0)), green: 90,
                                                blue: 10) }
        #expect(ReadingSignal(frames: valid).frames == valid)
        var broken = valid
        broken[10].red = .nan
        broken[20].timestamp = broken[19].timestamp
        broken[30].timestamp = broken[28].timestamp - 0.01
        broken[40].blue = .infinity
        broken[50].timestamp = .nan
        var expected: [FrameSample] = []
        for frame in broken where frame.timestamp.isFinite && frame.red.isFinite && frame.green.isFinite
            && frame.blue.isFinite && (expected.last.map { frame.timestamp > $0.timestamp } ?? true) {
            expected.append(frame)
        }
        #expect(expected.count == 295)
        #expect(ReadingSignal(frames: broken).frames == expected)
    }

    /// A part's frames, counted and then written at their size, are those `filter` keeps; the stamp residuals
    /// with the period given are those with the period found.
    @Test func partsKeepTheFilteredFramesAndAKnownPeriodGivesTheSameResiduals() throws {
        let frames = (0..<600).map { FrameSample(timestamp: Double($0) / 30 + 0.002 * sin(Double($0)), red: 200,
                                                 green: 90, blue: 10) }
        for part in [FinalAnalyzer.ReadingPart(span: 2...15), FinalAnalyzer.ReadingPart(span: 0...20, cut: 5...9.5)] {
            let kept = part.kept(frames)
            #expect(kept == frames.filter { part.keeps($0.timestamp) })
            #expect(kept.count > 100 && kept.count < frames.count)
        }
        let stamps = frames.map(\.timestamp)
        let period = try #require(Statistics.median((1..<stamps.count).map { stamps[$0] - stamps[$0 - 1] }))
        let found = try #require(CaptureTimeEstimator.stampResiduals(stamps))
        let given = try #require(CaptureTimeEstimator.stampResiduals(stamps, period: period))
        #expect(found.period == given.period && found.residuals.map(\.bitPattern) == given.residuals.map(\.bitPattern))
        #expect(UniformResampler(sampleRate: 30).runs(timestamps: stamps)
                == UniformResampler(sampleRate: 30).runs(timestamps: stamps, medianInterval: period))
    }

    /// A sliding window's median sorted on the stack is the selected median bit for bit: with ties, with zeros of
    /// both signs and infinities among the values, and for windows longer than its insertion sort takes.
    @Test func windowMedianIsTheSelectedMedian() throws {
        var random = SeededRandom(seed: 25)
        let values = (0..<400).map { index -> Double in
            switch index % 23 {
            case 5: return 0
            case 11: return -0.0
            case 17: return .infinity
            default: return (random.gaussian(sd: 40) * 4).rounded() / 4 + 800
            }
        }
        for length in [1, 2, 3, 6, 11, 12, 32, 33, 40] {
            for start in stride(from: 0, through: values.count - length, by: 7) {
                let window = values[start..<(start + length)]
                let expected = try #require(Statistics.median(Array(window)))
                #expect(Statistics.windowMedian(window)?.bitPattern == expected.bitPattern)
            }
        }
        #expect(Statistics.windowMedian([]) == nil)
    }

    /// The reading spectrum writes its first window's periodogram instead of adding it to zeros: the bits of the
    /// zero-filled sum.
    @Test(arguments: [30.0, 60.0])
    func readingSpectrumIsTheSumFromZeros(sampleRate: Double) throws {
        let pulses = [UniformSegment(startTime: 0, sampleRate: sampleRate, samples: spiky(count: 1900, seed: 3)),
                      UniformSegment(startTime: 70, sampleRate: sampleRate, samples: spiky(count: 900, seed: 4))]
        var plans = FourierPlans()
        let spectrum = try #require(ReadingSignal.readingSpectrum(pulses, plans: &plans))
        let length = Int((10 * sampleRate).rounded())
        var workspace = PeriodogramWorkspace(length: max(length, 2048))
        var total = [Double](repeating: 0, count: workspace.plan.length / 2 + 1)
        var windows = 0
        for pulse in pulses {
            for start in stride(from: 0, through: pulse.samples.count - length, by: length / 2) {
                workspace.accumulate(pulse.samples[start..<(start + length)], into: &total)
                windows += 1
            }
        }
        #expect(windows > 3)
        #expect(spectrum.power.map(\.bitPattern) == total.map { $0 / Double(windows) }.map(\.bitPattern))
    }
}
