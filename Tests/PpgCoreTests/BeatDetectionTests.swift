import Glibc
import Testing
@testable import PpgCore

/// Beat detection and fiducial timing on synthetic pulses with known truth.
struct BeatDetectionTests {
    /// Detects beats of a test signal on its single segment; returns detected and true beat times.
    private func detect(_ signal: TestPulseSignal) -> (beats: [DetectedBeat], truth: [Double]) {
        let onsets = signal.onsets()
        let frames = signal.frames(onsets: onsets)
        let times = frames.map(\.timestamp)
        let resampler = UniformResampler(sampleRate: signal.fps)
        let runs = resampler.runs(timestamps: times)
        let segment = resampler.resample(timestamps: times, channels: [frames.map(\.red)], run: runs[0])[0]
        let beats = BeatExtractor().extract(segment, segmentIndex: 0).beats
        return (beats, signal.truthBeatTimes(onsets: onsets).filter { $0 > 0.7 && $0 < signal.duration - 0.7 })
    }

    /// Matches each true beat with the nearest detected beat within 0.15 s; returns the timing errors.
    private func matchErrors(_ beats: [DetectedBeat], truth: [Double]) -> [Double] {
        truth.compactMap { t in
            let nearest = beats.min { abs($0.time - t) < abs($1.time - t) }
            return nearest.flatMap { abs($0.time - t) < 0.15 ? $0.time - t : nil }
        }
    }

    @Test(arguments: [20.0, 30.0, 60.0])
    func findsEveryBeatWithSubFrameTiming(fps: Double) {
        let (beats, truth) = detect(TestPulseSignal(fps: fps, seed: 3))
        let errors = matchErrors(beats, truth: truth)
        #expect(errors.count == truth.count)
        #expect(beats.count <= truth.count + 2)
        let mean = errors.reduce(0, +) / Double(errors.count)
        let sd = (errors.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(errors.count)).squareRoot()
        // Expected 50 % upstroke timing SD 6.5 ms at 30 fps, 4.6 ms at 60 fps (noise 0.12 counts).
        #expect(sd < (fps >= 60 ? 0.006 : fps >= 30 ? 0.008 : 0.012))
        #expect(abs(mean) < 0.02)
    }

    @Test func peakFollowsUpstrokeAndAmplitudeMatchesThePulse() {
        let (beats, _) = detect(TestPulseSignal(fps: 30, noise: 0.05, seed: 5))
        #expect(beats.count > 60)
        for beat in beats {
            #expect(beat.peakTime > beat.time && beat.time > beat.onsetTime)
            #expect(abs(beat.framePeakTime - beat.peakTime) <= 1.0 / 30 + 1e-9)
        }
        let amplitudes = beats.map(\.amplitude).sorted()
        // Red AC p-p = 1.5 % of 200 = 3 counts before filtering; the band-pass keeps most of it.
        #expect(amplitudes[amplitudes.count / 2] > 1.5 && amplitudes[amplitudes.count / 2] < 3.5)
        let correlations = beats.map(\.templateCorrelation).sorted()
        #expect(correlations[correlations.count / 10] > 0.9)
        let intensities = beats.map(\.meanIntensity)
        #expect(intensities.allSatisfy { abs($0 - 197) < 4 })
    }

    /// A cosine rise `−cos(π(i + 0.3)/20)` is steepest at i = 9.7, between samples.
    @Test func steepestPointIsFoundBetweenSamples() throws {
        let signal = (0..<40).map { -cos(Double.pi * (Double($0) + 0.3) / 20) }
        let fiducials = try #require(BeatFiducials.locate(in: [signal[0] + 0.1] + signal + [signal[39] - 0.1],
                                                          peakIndex: 21, searchStart: 0))
        #expect(abs(fiducials.steepest - 10.7) < 0.01)
        #expect(fiducials.steepestCurvature < 0)
        #expect(abs(fiducials.upstroke - 10.7) < 0.05)
    }

    @Test func steepestPointLiesOnTheUpstroke() {
        let (beats, _) = detect(TestPulseSignal(fps: 30, noise: 0.05, seed: 5))
        #expect(beats.count > 60)
        for beat in beats { #expect(beat.onsetTime < beat.steepestTime && beat.steepestTime < beat.peakTime) }
    }

    @Test func elgendiFindsPeaksOfAPulseTrainAndNothingInSilence() {
        let rate = 100.0
        let signal = (0..<1000).map { index -> Double in
            let phase = (Double(index) / rate).truncatingRemainder(dividingBy: 0.8)
            return exp(-pow((phase - 0.3) / 0.06, 2))
        }
        let peaks = ElgendiPeakDetector().peaks(in: signal, sampleRate: rate)
        #expect(peaks == [30, 110, 190, 270, 350, 430, 510, 590, 670, 750, 830, 910, 990])
        #expect(ElgendiPeakDetector().peaks(in: [Double](repeating: 0, count: 500), sampleRate: rate).isEmpty)
    }

    @Test func movingAverageMatchesNeuroKitBoxcarCentring() {
        // NeuroKit2 signal_smooth(kernel="boxcar"): edge-padded np.convolve(mode="same").
        let values: [Double] = [1, 2, 3, 4, 10]
        #expect(ElgendiPeakDetector.RunningBoxcar.averages(of: values, size: 3) == [4.0 / 3, 2, 3, 17.0 / 3, 8])
        #expect(ElgendiPeakDetector.RunningBoxcar.averages(of: values, size: 2) == [1, 1.5, 2.5, 3.5, 7])
    }

    @Test func parabolicVertexRecoversAnOffsetPeak() {
        // y = −(x − 0.3)² + 2 sampled at −1, 0, 1.
        let (offset, apex) = BeatFiducials.parabolicVertex(-(1.3 * 1.3) + 2, -(0.09) + 2, -(0.49) + 2)
        #expect(abs(offset - 0.3) < 1e-12)
        #expect(abs(apex - 2) < 1e-12)
    }
}
