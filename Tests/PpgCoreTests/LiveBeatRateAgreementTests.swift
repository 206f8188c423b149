@testable import PpgCore
import Testing

/// When the live quality window's beats confirm its spectral peak: a dicrotic wave taken for a beat (small, and
/// splitting a period in two) is left out; a detection that is not small, or does not split a period, stays.
struct LiveBeatRateAgreementTests {
    /// Beats at `times` with `amplitudes` (2.8 counts each when not given).
    private func beats(at times: [Double], amplitudes: [Double]? = nil) -> [DetectedBeat] {
        zip(times, amplitudes ?? times.map { _ in 2.8 }).map { time, amplitude in
            DetectedBeat(time: time, peakTime: time + 0.1, framePeakTime: time + 0.1, onsetTime: time - 0.1,
                         amplitude: amplitude, meanIntensity: 200, templateCorrelation: 0.9, segment: 0)
        }
    }

    @Test func aDicroticWaveTakenForABeatStillConfirmsThePeak() {
        // 60 bpm with the dicrotic wave (a sixth of the beat's height) detected 0.33 s after two of the five beats,
        // as on a real recording: the plain median interval (0.67 s) reads 90 bpm, the beats without them 60 bpm.
        let times = [0.40, 1.40, 1.73, 2.40, 3.40, 3.73, 4.40]
        let train = beats(at: times, amplitudes: [2.8, 2.9, 0.45, 2.4, 2.8, 0.5, 2.9])
        #expect(LiveQualityMeter.beatRateAgrees(with: 1.0, beats: train))
        #expect(!LiveQualityMeter.beatRateAgrees(with: 2.0, beats: train))
        // The same times with detections as large as the beats: nothing says which are beats, so nothing is left out.
        #expect(!LiveQualityMeter.beatRateAgrees(with: 1.0, beats: beats(at: times)))
    }

    @Test func aRegularTrainAgreesOnlyWithItsOwnRate() {
        let train = beats(at: [0.2, 1.0, 1.8, 2.6, 3.4, 4.2])
        #expect(LiveQualityMeter.beatRateAgrees(with: 1.25, beats: train))
        #expect(!LiveQualityMeter.beatRateAgrees(with: 1.0, beats: train))
        #expect(!LiveQualityMeter.beatRateAgrees(with: 0.0, beats: train))
        #expect(!LiveQualityMeter.beatRateAgrees(with: 1.25, beats: beats(at: [0.2, 1.0])))
    }

    @Test func onlyASmallDetectionThatSplitsAPeriodIsLeftOut() {
        // Period 1 s. A small detection 0.25 s after a beat splits the period (left out); one 0.6 s after a beat
        // with the next beat 0.6 s later makes 1.2 s, not a period (kept); the first and last beats always stay.
        let split = beats(at: [0, 1, 1.25, 2, 3], amplitudes: [3, 3, 0.5, 3, 3])
        #expect(LiveQualityMeter.withoutMinorSplits(split, period: 1).map(\.time) == [0, 1, 2, 3])
        let long = beats(at: [0, 1, 1.6, 2.2, 3.2], amplitudes: [3, 3, 0.5, 3, 3])
        #expect(LiveQualityMeter.withoutMinorSplits(long, period: 1).map(\.time) == [0, 1, 1.6, 2.2, 3.2])
        let edges = beats(at: [0, 0.25, 1, 1.75, 2], amplitudes: [0.5, 3, 3, 3, 0.5])
        #expect(LiveQualityMeter.withoutMinorSplits(edges, period: 1).map(\.time) == [0, 0.25, 1, 1.75, 2])
    }
}
