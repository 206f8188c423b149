import Testing
@testable import PpgCore

/// The frame-noise estimate the live amplitude rules compare a pulse's swing with: right on levels with fractions of
/// a count and on levels that a source rounded to whole counts.
struct FrameNoiseTests {
    /// A level of `base` counts with white noise of `sigma`, 120 frames (4 s at 30 fps), rounded when `whole`.
    private func levels(base: Double, sigma: Double, whole: Bool, seed: UInt64) -> [Double] {
        var random = SeededRandom(seed: seed, stream: 3)
        return (0..<120).map { _ in
            let level = base + random.gaussian(sd: sigma)
            return whole ? level.rounded() : level
        }
    }

    @Test func fractionalLevelsGiveTheNoiseTheyCarry() {
        for seed: UInt64 in 0..<20 {
            let sigma = FrameNoise.sigma(levels(base: 200.3, sigma: 0.5, whole: false, seed: seed))
            #expect(sigma > 0.3 && sigma < 0.8, "seed \(seed): \(sigma)")
        }
    }

    @Test func levelsRoundedToWholeCountsStillShowTheirNoise() {
        // Noise of 0.3–0.8 counts rounded to whole counts leaves most second differences at exactly 0: their median
        // read 0 (or a whole count), which let any swing count as many times the noise. The rounded series' own
        // noise (its σ plus the rounding's, about 0.29) is what a swing must be compared with.
        for seed: UInt64 in 0..<20 {
            for sigma in [0.3, 0.5, 0.8] {
                let rounded = levels(base: 247.2, sigma: sigma, whole: true, seed: seed)
                let estimate = FrameNoise.sigma(rounded)
                #expect(estimate > 0.5 * sigma && estimate < 1.6 * sigma, "seed \(seed), σ \(sigma): \(estimate)")
            }
        }
    }
}
