import Glibc
import PpgCore

/// Small statistics helpers for the synthetic-signal and interval tests.
enum TestStatistics {
    static func mean(_ values: [Double]) -> Double {
        values.reduce(0, +) / Double(values.count)
    }

    static func standardDeviation(_ values: [Double]) -> Double {
        let centre = mean(values)
        return (values.reduce(0) { $0 + ($1 - centre) * ($1 - centre) } / Double(values.count - 1)).squareRoot()
    }

    static func percentile(_ values: [Double], _ q: Double) -> Double {
        let sorted = values.sorted()
        return sorted[Int((q * Double(sorted.count - 1)).rounded())]
    }

    static func median(_ values: [Double]) -> Double { percentile(values, 0.5) }

    /// Amplitude of the component at `frequency` (Hz) of an irregularly sampled series (least-squares-free DFT).
    static func amplitude(at frequency: Double, times: [Double], values: [Double]) -> Double {
        let centre = mean(values)
        var real = 0.0, imaginary = 0.0
        for (t, value) in zip(times, values) {
            real += (value - centre) * cos(2 * Double.pi * frequency * t)
            imaginary += (value - centre) * sin(2 * Double.pi * frequency * t)
        }
        return 2 * (real * real + imaginary * imaginary).squareRoot() / Double(values.count)
    }
}

extension SyntheticConfiguration {
    /// A clean configuration with every noise source switched off except the pulse (for exact checks).
    static func noiseless(seed: UInt64, fps: Double = 30) -> SyntheticConfiguration {
        SyntheticConfiguration(
            seed: seed,
            camera: CameraParameters(framesPerSecond: fps, noise: ChannelTriple(all: 0), riiv: 0,
                                     wanderFraction: 0, timestampJitterMs: 0))
    }
}

/// Synthetic beat series for the interval tests, built with the synthetic rhythm generator.
enum SyntheticBeats {
    /// `count` heartbeats of the default rhythm with `artifacts` injected; returns the pulses a detector would see
    /// (onsets of rendered pulses, missed beats absent, extra pulses present) and the clean heartbeat onsets.
    static func generate(seed: UInt64, count: Int, rhythm: RhythmParameters = RhythmParameters(),
                         artifacts: [BeatArtifact] = [], scenario: [ScenarioSegment] = [],
                         timingJitterS: Double = 0) -> (observed: [Double], clean: [Double]) {
        var generator = RhythmGenerator(seed: seed)
        var jitter = SeededRandom(seed: seed, stream: 99)
        var observed: [Double] = [], clean: [Double] = []
        for _ in 0..<count {
            let (extra, beat) = generator.next(rhythm: rhythm, riav: 0, artifacts: artifacts, scenario: scenario)
            if let extra { observed.append(extra.onsetS + jitter.gaussian(mean: 0, sd: timingJitterS)) }
            if beat.amplitude > 0 { observed.append(beat.onsetS + jitter.gaussian(mean: 0, sd: timingJitterS)) }
            clean.append(beat.cleanOnsetS)
        }
        return (observed, clean)
    }
}
