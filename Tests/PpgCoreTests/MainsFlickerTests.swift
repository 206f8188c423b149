@testable import PpgCore
import Testing

/// Where mains flicker folds to, and when that fold is a prediction at all: only while the frame rate holds still.
struct MainsFlickerTests {
    private func frames(intervals: [Double]) -> [FrameSample] {
        var time = 0.0
        return intervals.map { interval in
            defer { time += interval }
            return FrameSample(timestamp: time, red: 200, green: 20, blue: 10)
        }
    }

    @Test func aPeakAtTheFoldOfASteadyRateMayBeFlicker() {
        // 200 Hz (50 Hz mains, the flicker's harmonic) at 25.14 fps folds to |200 − 8 × 25.14| = 1.12 Hz.
        let fold = MainsFlicker.folded(200, sampleRate: 25.14)
        #expect(abs(fold - 1.12) < 1e-9)
        #expect(MainsFlicker.mayBeFlicker(peakHz: 1.12, sampleRates: [25.14, 25.14]))
        #expect(!MainsFlicker.mayBeFlicker(peakHz: 1.5, sampleRates: [25.14, 25.14]))
    }

    @Test func aPeakAtTheFoldOfAWanderingRateIsNoEvidenceOfFlicker() {
        // A camera whose rate wanders from 25.9 to 24.4 fps within the window (as a phone's did): the fold of 200 Hz
        // moves from 7.2 Hz to 4.8 Hz and folds again, so a pulse at 1.12 Hz (the fold at the mean) is no lamp.
        #expect(!MainsFlicker.mayBeFlicker(peakHz: 1.12, sampleRates: [25.9, 24.4]))
        #expect(!MainsFlicker.mayBeFlicker(peakHz: 1.12, sampleRates: [25.14, 25.9]))
    }

    @Test func anUnknownRateIsNoEvidence() {
        #expect(!MainsFlicker.mayBeFlicker(peakHz: 1.12, sampleRates: []))
        #expect(!MainsFlicker.mayBeFlicker(peakHz: 1.12, sampleRates: [25.14, 0]))
        #expect(!MainsFlicker.mayBeFlicker(peakHz: 1.12, sampleRates: [.nan, 25.14]))
    }

    @Test func halfRatesAreTheMeanRatesOfEachHalf() {
        let rates = MainsFlicker.halfRates(frames(intervals: Array(repeating: 1 / 26.0, count: 50)
            + Array(repeating: 1 / 24.0, count: 50)))
        #expect(rates.count == 2)
        #expect(abs(rates[0] - 26) < 0.1 && abs(rates[1] - 24) < 0.1, "\(rates)")
        #expect(MainsFlicker.halfRates(frames(intervals: [0.04])) == [0, 0])
    }
}
