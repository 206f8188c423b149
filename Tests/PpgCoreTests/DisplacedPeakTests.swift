import Glibc
import Testing
@testable import PpgCore

/// Per-beat shape confidence: beats whose systolic peak jumps away from its usual delay after the upstroke
/// (a deformed pulse) are kept out of RMSSD's successive differences and out of the fiducials' agreement.
struct DisplacedPeakTests {
    private func beat(time: Double, peakDelay: Double) -> DetectedBeat {
        DetectedBeat(time: time, peakTime: time + peakDelay, framePeakTime: time + peakDelay, onsetTime: time - 0.1,
                     amplitude: 1, meanIntensity: 0, templateCorrelation: 1, segment: 0)
    }

    @Test func onlyPeaksFarFromTheirUsualDelayAreDisplaced() {
        var random = SeededRandom(seed: 3)
        let displaced: Set<Int> = [7, 20, 21, 40]
        let beats = (0..<60).map { index in
            beat(time: Double(index) * 0.85,
                 peakDelay: displaced.contains(index) ? 0.26 : 0.11 + random.gaussian(mean: 0, sd: 0.012))
        }
        let keeps = DisplacedPeak.keepsShape(beats)
        #expect(Set(keeps.indices.filter { !keeps[$0] }) == displaced)
        #expect(DisplacedPeak.keepsShape(Array(beats.prefix(2))) == [true, true])
    }

    /// Readings in which one pulse in twelve is deformed (a weak systolic wave, so that the late wave is the
    /// peak) and arrives 25 ms late, as measured against a chest strap around ectopic-looking pulses. Before the
    /// shape confidence, three of the four readings at 30 fps were withheld for the peaks' disagreement (r_ps) and
    /// the fourth read RMSSD 13 ms high; without the differences around those beats it is read within a few ms.
    @Test(arguments: [30.0, 60.0])
    func deformedPulsesStayOutOfRmssd(fps: Double) throws {
        for seed: UInt64 in 1...4 {
            let reading = try BeatConfidenceReading(fps: fps, seed: seed) { $0.deformedBeats = $1 }
            let displaced = try #require(reading.result.diagnostics.displacedPeakBeats)
            try reading.expectNearTruth(found: displaced)
            #expect(try #require(reading.result.diagnostics.gateRPs) > ConsistencyGate.Thresholds().minimumRPs)
        }
    }

    /// Pulses of one shape and strength lose (almost) no beat to the beat confidence (displaced peak or weak
    /// pulse), at any frame rate and heart rate.
    @Test(arguments: [20.0, 30.0, 60.0])
    func regularPulsesKeepTheirBeats(fps: Double) throws {
        for heartRate in [55.0, 100.0] {
            for seed: UInt64 in 1...3 {
                let signal = TestPulseSignal(fps: fps, heartRate: heartRate, seed: seed)
                let result = try FinalAnalyzer().analyze(frames: signal.frames(onsets: signal.onsets())).get()
                let displaced = try #require(result.diagnostics.displacedPeakBeats)
                let weak = try #require(result.diagnostics.weakPulseBeats)
                #expect(displaced <= 1 && weak <= 1,
                        "fps \(fps), \(heartRate) bpm, seed \(seed): \(displaced) displaced, \(weak) weak")
            }
        }
    }
}
