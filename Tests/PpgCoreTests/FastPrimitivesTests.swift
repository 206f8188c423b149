import Glibc
import Testing
@testable import PpgCore

/// The fast paths of the engine (selection instead of sorting, the real-input FFT, reused periodogram buffers,
/// sliding artifact thresholds) against the plain computations they replace.
struct FastPrimitivesTests {
    /// Values with many ties (rounded Gaussian) so selection meets equal keys.
    private func sample(count: Int, seed: UInt64) -> [Double] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { _ in (4 * random.gaussian()).rounded() / 4 }
    }

    @Test func selectionPutsTheSortedValueAtTheRankAndPartitionsAroundIt() {
        var random = SeededRandom(seed: 7)
        for count in [1, 2, 3, 5, 17, 100, 401] {
            let values = sample(count: count, seed: UInt64(count))
            let sorted = values.sorted()
            for _ in 0..<5 {
                let rank = Int(random.next() % UInt64(count))
                var buffer = values
                OrderStatistics.select(&buffer, rank: rank)
                #expect(buffer[rank] == sorted[rank])
                #expect(buffer[..<rank].allSatisfy { $0 <= buffer[rank] })
                #expect(buffer[(rank + 1)...].allSatisfy { $0 >= buffer[rank] })
                #expect(buffer.sorted() == sorted)
            }
        }
    }

    @Test func percentilesBySelectionEqualThoseOfTheSortedValues() {
        for count in [1, 2, 4, 39, 600] {
            let values = sample(count: count, seed: 100 + UInt64(count))
            let sorted = values.sorted()
            for p in [0.0, 2.5, 25, 50, 97.5, 100] {
                #expect(Statistics.percentile(values, p) == Statistics.percentile(sorted: sorted, p))
            }
            let spread = (Statistics.percentile(sorted: sorted, 97.5) ?? 0) - (Statistics.percentile(sorted: sorted, 2.5) ?? 0)
            #expect(Statistics.robustPeakToPeak(values) == spread)
        }
    }

    @Test func extremesAreTheEndsOfTheSortedValues() {
        for count in [1, 3, 16, 50, 600] {
            let values = sample(count: count, seed: 500 + UInt64(count)), sorted = values.sorted()
            for kept in Set([1, min(2, count), max(1, count / 4), count]) {
                let (smallest, largest) = OrderStatistics.extremes(values, count: kept)
                #expect(smallest == Array(sorted.prefix(kept)) && largest == Array(sorted.suffix(kept)))
            }
        }
    }

    @Test func aSharedTableMakesEachKeyOnceAndKeepsNoMoreThanItsCapacity() {
        let table = SharedTable<Int, [Int]>(capacity: 2)
        var made: [Int] = []
        for _ in 0..<3 {
            for key in 0..<4 {
                #expect(table.value(for: key) { made.append(key); return [key, 10 * key] } == [key, 10 * key])
            }
        }
        // Keys 0 and 1 fill the table and are made once; 2 and 3 find it full and are made on every pass.
        #expect(made == [0, 1, 2, 3, 2, 3, 2, 3])
    }

    @Test func threadsAskingASharedTableAtOnceAllGetTheOneValueKeptPerKey() async {
        let table = SharedTable<Int, [Int]>(capacity: 8)
        let answers = await withTaskGroup(of: [Int].self) { group in
            for task in 0..<64 {
                group.addTask { table.value(for: task % 4) { [task % 4, task] } }
            }
            return await group.reduce(into: [[Int]]()) { $0.append($1) }
        }
        for key in 0..<4 {
            let kept = table.value(for: key) { [key, -1] }
            #expect(kept[1] >= 0)
            #expect(answers.filter { $0[0] == key }.allSatisfy { $0 == kept })
        }
    }

    @Test func sharedPlansAndTimingNoiseModelsGiveWhatNewOnesGive() {
        let input = sample(count: 1024, seed: 9)
        var fresh = (real: input, imaginary: [Double](repeating: 0, count: 1024))
        var shared = fresh
        FastFourierTransform(length: 1000).transform(real: &fresh.real, imaginary: &fresh.imaginary)
        for _ in 0..<2 { // the first call may make the plan, the second finds it
            shared = (input, [Double](repeating: 0, count: 1024))
            FastFourierTransform.shared(length: 1000).transform(real: &shared.real, imaginary: &shared.imaginary)
            #expect(shared.real == fresh.real && shared.imaginary == fresh.imaginary)
        }
        let filter = ZeroPhaseFilter.bandPass(lowHz: 0.5, highHz: 5, sampleRate: 29.97)
        let computed = TimingNoise.autocorrelation(filter: filter, sampleRate: 29.97, upsamplingFactor: 4)
        for factor in [4, 2, 4] {
            let model = TimingNoise(filter: filter, sampleRate: 29.97, upsamplingFactor: factor)
            #expect((model.autocorrelation == computed) == (factor == 4))
        }
    }

    @Test func realPowerEqualsTheSquaredMagnitudeOfTheComplexTransform() {
        for length in [2, 4, 16, 1024] {
            let input = sample(count: length, seed: 300 + UInt64(length)).map { $0 + 0.3 }
            let plan = FastFourierTransform(length: length)
            var real = input, imaginary = [Double](repeating: 0, count: length)
            plan.transform(real: &real, imaginary: &imaginary)
            var even = stride(from: 0, to: length, by: 2).map { input[$0] }
            var odd = stride(from: 1, to: length, by: 2).map { input[$0] }
            var power = [Double](repeating: 1, count: length / 2 + 1)
            plan.accumulateRealPower(even: &even, odd: &odd, scale: 2, into: &power)
            for k in 0...(length / 2) {
                let expected = 1 + 2 * (real[k] * real[k] + imaginary[k] * imaginary[k])
                #expect(abs(power[k] - expected) <= 1e-9 * max(1, expected))
            }
        }
    }

    /// A workspace reused for windows of different lengths gives the directly computed Hann periodogram of each.
    @Test func reusedWorkspaceMatchesADirectHannPeriodogram() {
        let signal = (0..<700).map { sin(2 * Double.pi * 1.3 * Double($0) / 30) + 0.01 * Double($0 % 7) }
        var workspace = PeriodogramWorkspace(length: 1024)
        for (start, count) in [(0, 300), (50, 301), (10, 300), (0, 700)] {
            let window = signal[start..<(start + count)]
            let spectrum = workspace.periodogram(window, sampleRate: 30)
            let mean = window.reduce(0, +) / Double(count)
            let weights = (0..<count).map { 0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(count)) }
            let energy = weights.reduce(0) { $0 + $1 * $1 }
            for bin in [0, 7, 44, 45, 300, 512] {
                var re = 0.0, im = 0.0
                for (n, value) in window.enumerated() {
                    let angle = -2 * Double.pi * Double(bin * n) / 1024
                    re += (value - mean) * weights[n] * cos(angle)
                    im += (value - mean) * weights[n] * sin(angle)
                }
                let expected = (re * re + im * im) / energy
                #expect(abs(spectrum.power[bin] - expected) <= 1e-9 * max(1, expected))
            }
        }
    }

    /// A periodogram writes its bins straight into a new array: bit for bit what adding the same periodogram to
    /// zeros gives (the odd and even counts, the shortest window, one filling the plan).
    @Test func periodogramEqualsAccumulatingIntoZerosBitForBit() {
        let signal = (0..<1024).map { sin(2 * Double.pi * 1.7 * Double($0) / 60) + 0.02 * Double($0 % 5) }
        var workspace = PeriodogramWorkspace(length: 1024)
        for (start, count) in [(0, 300), (3, 301), (9, 4), (0, 1024)] {
            let window = signal[start..<(start + count)]
            let written = workspace.periodogram(window, sampleRate: 60).power
            var added = [Double](repeating: 0, count: 513)
            workspace.accumulate(window, into: &added)
            #expect(written.map(\.bitPattern) == added.map(\.bitPattern))
        }
    }

    /// The radix sort gives the stable comparison sort's order bit for bit: ties, −0 beside +0 (in input order),
    /// negative and huge values, infinities; short arrays and arrays with a NaN go to the comparison sort.
    @Test func radixSortGivesTheComparisonSortsOrderBitForBit() {
        func bits(_ values: [Double]) -> [UInt64] { values.map(\.bitPattern) }
        for count in [0, 1, 63, 64, 65, 600, 3601] {
            var random = SeededRandom(seed: 40 + UInt64(count))
            let values = (0..<count).map { index -> Double in
                switch random.next() % 8 {
                case 0: return index % 2 == 0 ? 0.0 : -0.0
                case 1: return (random.gaussian() * 1e300).rounded()
                case 2: return index % 3 == 0 ? .infinity : -.infinity
                case 3: return Double(random.next() % 5) - 2
                default: return random.gaussian() * 1e-3
                }
            }
            #expect(bits(OrderStatistics.sortedAscending(values)) == bits(values.sorted()))
        }
        let withNaN = [Double](repeating: 1, count: 100) + [.nan] + (0..<100).map { Double($0) }
        #expect(bits(OrderStatistics.sortedAscending(withNaN)) == bits(withNaN.sorted()))
    }

    /// A spline grid shared by channels gives each the samples of its own spline bit for bit, at jittered knots
    /// and at queries outside them (clamped), for two and three knots too.
    @Test func splineGridGivesEachChannelsSplineBitForBit() {
        var random = SeededRandom(seed: 77)
        for count in [2, 3, 50, 901] {
            var knots = [0.013]
            for _ in 1..<count { knots.append(knots[knots.count - 1] + 1 / 30 + 0.004 * random.gaussian()) }
            let queries = (-3..<(count * 2 + 6)).map { knots[0] + Double($0) / 60 }
            let grid = SplineGrid(knots: knots, queries: queries)
            for _ in 0..<3 {
                let values = (0..<count).map { _ in 200 + random.gaussian() }
                let expected = CubicSpline(knots: knots, values: values).values(at: queries)
                #expect(grid.values(values).map(\.bitPattern) == expected.map(\.bitPattern))
            }
        }
    }

    /// The sliding-window thresholds equal a sort of each centred window (series longer than the window).
    @Test func slidingArtifactThresholdsEqualPerWindowQuartiles() throws {
        let parameters = ArtifactCorrector.Parameters()
        let values = sample(count: 200, seed: 9).map { 30 * $0 }
        let thresholds = ArtifactDetector(parameters: parameters).thresholds(values)
        let half = parameters.windowWidth / 2
        for index in values.indices {
            let window = values[max(0, index - half)...min(values.count - 1, index + half)].map(abs).sorted()
            let upper = try #require(Statistics.percentile(sorted: window, 75))
            let spread = upper - (Statistics.percentile(sorted: window, 25) ?? 0)
            #expect(thresholds[index] == max(parameters.alpha * spread / 2, parameters.minimumThresholdMs))
        }
    }
}

/// The Goertzel powers (breathing spectrum, pulse fold harmonics) against a direct DFT.
struct GoertzelPowerTests {
    @Test func goertzelPowersEqualADirectDft() {
        let samples: [Double] = (0..<240).map { index in
            let n = Double(index)
            return sin(0.37 * n) + 0.2 * cos(1.3 * n) + 0.01 * Double(index % 5)
        }
        let omegas = (0..<7).map { 0.05 + 0.3 * Double($0) }
        let powers = GoertzelPower.powers(samples, cosines: omegas.map { cos($0) })
        #expect(powers.count == omegas.count)
        for (omega, power) in zip(omegas, powers) {
            var re = 0.0, im = 0.0
            for (n, x) in samples.enumerated() {
                re += x * cos(omega * Double(n))
                im -= x * sin(omega * Double(n))
            }
            let expected = re * re + im * im
            #expect(abs(power - expected) <= 1e-9 * max(1, expected))
        }
    }
}

/// Skipping the butterfly stages of a zero-padded input changes nothing.
struct ZeroPaddedTransformTests {
    @Test func skippedStagesGiveTheFullTransformsPower() {
        let plan = FastFourierTransform(length: 1024)
        for leading in [1, 37, 150, 256, 257, 300, 511, 512] {
            var random = SeededRandom(seed: UInt64(leading))
            let values = (0..<(2 * leading)).map { _ in random.gaussian() }
            func pairs(_ parity: Int) -> [Double] {
                (0..<512).map { $0 < leading ? values[2 * $0 + parity] : 0 }
            }
            var evenFull = pairs(0), oddFull = pairs(1), evenPruned = pairs(0), oddPruned = pairs(1)
            var full = [Double](repeating: 0, count: 513), pruned = full
            plan.accumulateRealPower(even: &evenFull, odd: &oddFull, scale: 1, into: &full)
            plan.accumulateRealPower(even: &evenPruned, odd: &oddPruned, scale: 1, into: &pruned,
                                     leadingPairs: leading)
            #expect(full == pruned)
            // The points placed straight after the skipped stages (work buffers left holding anything).
            var placed = full.map { _ in 0.0 }
            var (evenWork, oddWork) = ([Double](repeating: .pi, count: 512), [Double](repeating: -1, count: 512))
            plan.accumulateRealPower(evenPoints: Array(pairs(0).prefix(leading)), oddPoints: Array(pairs(1)
                .prefix(leading)), leadingPairs: leading, even: &evenWork, odd: &oddWork, scale: 1, into: &placed)
            #expect(placed == full)
        }
    }
}
