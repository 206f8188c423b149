import Glibc
import Testing
@testable import PpgCore

/// DSP primitives checked against SciPy/NumPy values and analytic properties.
struct SignalProcessingTests {
    /// `scipy.signal.butter(2, [0.5, 8], "bandpass", fs=30, output="sos")` poles (denominators), SciPy 1.17.
    @Test func butterworthBandPassMatchesSciPyPoles() {
        let sections = ButterworthDesign.bandPass(order: 2, lowHz: 0.5, highHz: 8, sampleRate: 30)
        #expect(sections.count == 2)
        let denominators = sections.map { [$0.a1, $0.a2] }.sorted { $0[1] < $1[1] }
        #expect(abs(denominators[0][0] - 0.07250705484210188) < 1e-12)
        #expect(abs(denominators[0][1] - 0.19866083075825153) < 1e-12)
        #expect(abs(denominators[1][0] - -1.852493919043342) < 1e-12)
        #expect(abs(denominators[1][1] - 0.8636472252680514) < 1e-12)
    }

    @Test func butterworthBandPassHasUnitCentreGainAndHalfPowerEdges() {
        let sections = ButterworthDesign.bandPass(order: 2, lowHz: 0.5, highHz: 8, sampleRate: 60)
        let centre = 60 / Double.pi * atan((tan(Double.pi * 0.5 / 60) * tan(Double.pi * 8 / 60)).squareRoot())
        #expect(abs(magnitude(sections, hz: centre, sampleRate: 60) - 1) < 1e-9)
        #expect(abs(magnitude(sections, hz: 0.5, sampleRate: 60) - 0.5.squareRoot()) < 1e-9)
        #expect(abs(magnitude(sections, hz: 8, sampleRate: 60) - 0.5.squareRoot()) < 1e-9)
        #expect(magnitude(sections, hz: 0.01, sampleRate: 60) < 1e-3)
    }

    /// `scipy.signal.sosfiltfilt(sos, x)` with x = sin(0.7 n) + 0.1 n, n = 0…39, SciPy 1.17.
    @Test func zeroPhaseFilterMatchesSciPySosfiltfilt() {
        let input = (0..<40).map { sin(Double($0) * 0.7) + 0.1 * Double($0) }
        let output = ZeroPhaseFilter.bandPass(lowHz: 0.5, highHz: 8, sampleRate: 30).zeroPhase(input)
        let expected: [(Int, Double)] = [(0, 0.04601750786906722), (1, 0.7140344665695595),
                                         (20, 1.14932395), (39, 0.1263841142661271)]
        for (index, value) in expected { #expect(abs(output[index] - value) < 1e-7) }
    }

    @Test func zeroPhaseFilterDoesNotShiftAPulse() {
        let input = (0..<600).map { exp(-pow(Double($0 - 300) / 6, 2)) }
        let output = ZeroPhaseFilter.bandPass(lowHz: 0.5, highHz: 8, sampleRate: 60).zeroPhase(input)
        let peak = output.indices.max { output[$0] < output[$1] }
        #expect(peak == 300)
        let forward = ZeroPhaseFilter.bandPass(lowHz: 0.5, highHz: 8, sampleRate: 60).forward(input)
        let forwardPeak = forward.indices.max { forward[$0] < forward[$1] } ?? 0
        #expect(forwardPeak > 300)
    }

    @Test func fftMatchesDirectDft() {
        let input = (0..<16).map { sin(Double($0) * 1.3) + 0.5 * cos(Double($0 * $0) * 0.2) }
        let plan = FastFourierTransform(length: 16)
        var real = input, imaginary = [Double](repeating: 0, count: 16)
        plan.transform(real: &real, imaginary: &imaginary)
        for k in 0..<16 {
            var re = 0.0, im = 0.0
            for (n, x) in input.enumerated() {
                re += x * cos(-2 * Double.pi * Double(k * n) / 16)
                im += x * sin(-2 * Double.pi * Double(k * n) / 16)
            }
            #expect(abs(real[k] - re) < 1e-9 && abs(imaginary[k] - im) < 1e-9)
        }
    }

    @Test func periodogramFindsASinusoidWithSubBinPrecision() {
        let input = (0..<600).map { sin(2 * Double.pi * 1.234 * Double($0) / 30) }
        let spectrum = SpectralEstimator.periodogram(input[...], sampleRate: 30, minimumLength: 4096)
        let peak = spectrum.peakFrequency(in: 0.5...4) ?? 0
        #expect(abs(peak - 1.234) < 0.005)
        let welch = SpectralEstimator.welch(input, sampleRate: 30, segmentLength: 256, minimumLength: 2048)
        #expect(abs((welch.peakFrequency(in: 0.5...4) ?? 0) - 1.234) < 0.02)
        #expect(welch.power(in: 1.1...1.4) > 0.9 * welch.power(in: 0.5...4))
    }

    @Test func splineUpsamplingReproducesASmoothSignal() {
        let input = (0..<90).map { sin(2 * Double.pi * 1.1 * Double($0) / 30) }
        let upsampled = CubicSpline.upsample(input, factor: 4)
        #expect(upsampled.count == 89 * 4 + 1)
        for index in stride(from: 20, to: 330, by: 7) {
            let truth = sin(2 * Double.pi * 1.1 * Double(index) / 120)
            #expect(abs(upsampled[index] - truth) < 2e-3)
        }
        #expect(upsampled[8] == input[2])
    }

    @Test func resamplerSplitsAtGapsAndInterpolatesIrregularTimes() {
        var times: [Double] = []
        for index in 0..<300 { times.append(Double(index) / 30 + (index % 2 == 0 ? 0.002 : -0.002)) }
        for index in 320..<600 { times.append(Double(index) / 30) }
        let values = times.map { sin(2 * Double.pi * 1.2 * $0) }
        let resampler = UniformResampler(sampleRate: 30)
        let runs = resampler.runs(timestamps: times)
        #expect(runs == [0..<300, 300..<580])
        let segment = resampler.resample(timestamps: times, channels: [values], run: runs[1])[0]
        #expect(abs(segment.startTime - 320.0 / 30) < 1e-12)
        for index in stride(from: 5, to: segment.samples.count - 5, by: 11) {
            #expect(abs(segment.samples[index] - sin(2 * Double.pi * 1.2 * segment.time(at: Double(index)))) < 2e-3)
        }
    }

    /// NumPy `percentile` (linear) and SciPy `skew` on x = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5].
    @Test func statisticsMatchNumPy() {
        let values: [Double] = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5]
        #expect(Statistics.percentile(values, 2.5) == 1.0)
        #expect(abs((Statistics.percentile(values, 97.5) ?? 0) - 8.25) < 1e-12)
        #expect(Statistics.median(values) == 4)
        #expect(abs((Statistics.skewness(values) ?? 0) - 0.5698319531322332) < 1e-12)
        #expect(Statistics.skewness([2, 2, 2]) == nil)
        #expect(abs((Statistics.pearson([1, 2, 3], [2, 4, 7]) ?? 0) - 0.9933992677987828) < 1e-12)
    }

    @Test func frameTimingCountsLongIntervals() {
        var times = (0..<100).map { Double($0) / 30 }
        times += (110..<200).map { Double($0) / 30 }
        let timing = FrameTiming(timestamps: times)
        #expect(timing.longIntervalCount == 1)
        #expect(abs(timing.medianInterval - 1.0 / 30) < 1e-12)
        #expect(abs(timing.measuredFps - 189.0 / (199.0 / 30)) < 1e-9)
    }

    private func magnitude(_ sections: [BiquadSection], hz: Double, sampleRate: Double) -> Double {
        let w = 2 * Double.pi * hz / sampleRate
        var total = 1.0
        for s in sections {
            let nr = s.b0 + s.b1 * cos(-w) + s.b2 * cos(-2 * w), ni = s.b1 * sin(-w) + s.b2 * sin(-2 * w)
            let dr = 1 + s.a1 * cos(-w) + s.a2 * cos(-2 * w), di = s.a1 * sin(-w) + s.a2 * sin(-2 * w)
            total *= hypot(nr, ni) / hypot(dr, di)
        }
        return total
    }
}
