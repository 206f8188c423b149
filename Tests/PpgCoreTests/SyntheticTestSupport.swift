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
