import Glibc

/// Beat-by-beat synthetic heart rhythm with injected beat artifacts and AF-like segments.
///
/// `RR_k = RR₀ + A_rsa·sin(2π f_r t_k + φ₁) + A_lf·sin(2π f_lf t_k + φ₂) + N(0, σ_w²)`, `t_{k+1} = t_k + RR_k`
/// (modulation sampled at beat times). Inside an `.afLike` segment RR is i.i.d. `N(RR₀, (cv·RR₀)²)` instead.
/// The first onset lies 0.5–1.5 s before time 0 so the waveform is already periodic when frames start.
/// Every beat consumes the same number of random draws, so artifacts and segments never reshuffle later beats.
public struct RhythmGenerator: Sendable {
    /// Shortest RR (as a fraction of RR₀) an AF-like or noisy draw may produce.
    public static let minimumIntervalFraction = 0.3

    private var random: SeededRandom
    private let rsaPhase: Double
    private let lfPhase: Double
    private var nextCleanOnsetS: Double
    private var previousCleanOnsetS: Double
    private var previousOnsetS: Double
    private var nextIndex = 0

    /// Creates a generator whose beats are fully determined by `seed`.
    public init(seed: UInt64) {
        random = SeededRandom(seed: seed, stream: 1)
        rsaPhase = random.uniform(in: 0...(2 * Double.pi))
        lfPhase = random.uniform(in: 0...(2 * Double.pi))
        nextCleanOnsetS = -random.uniform(in: 0.5...1.5)
        previousCleanOnsetS = nextCleanOnsetS - 1
        previousOnsetS = previousCleanOnsetS
    }

    /// Onset (s) of the next clean heartbeat (not yet returned).
    public var upcomingOnsetS: Double { nextCleanOnsetS }

    /// Produces the next heartbeat and, when an `.extra` artifact targets it, the extra pulse that precedes it.
    public mutating func next(rhythm: RhythmParameters, riav: Double, artifacts: [BeatArtifact],
                              scenario: [ScenarioSegment]) -> (extra: SyntheticBeat?, beat: SyntheticBeat) {
        let index = nextIndex
        let cleanOnset = nextCleanOnsetS
        let artifact = artifacts.last { $0.beatIndex == index }?.kind
        let afVariation = Self.afVariation(at: cleanOnset, scenario: scenario)
        let amplitude = 1 + riav * sin(2 * Double.pi * rhythm.breathingFrequencyHz * cleanOnset)

        var kind: SyntheticBeat.Kind = afVariation == nil ? .normal : .afLike
        var onset = cleanOnset
        switch artifact {
        case .ectopic:
            kind = .ectopic
            onset = cleanOnset - 0.3 * (cleanOnset - previousCleanOnsetS)
        case .missed:
            kind = .missed
        case .extra, nil:
            break
        }
        let extra: SyntheticBeat? = artifact == .extra
            ? SyntheticBeat(index: index, kind: .extra, onsetS: 0.5 * (previousOnsetS + onset),
                            cleanOnsetS: 0.5 * (previousOnsetS + onset), amplitude: 0.5 * amplitude)
            : nil
        let beat = SyntheticBeat(index: index, kind: kind, onsetS: onset, cleanOnsetS: cleanOnset,
                                 amplitude: kind == .missed ? 0 : amplitude)

        previousCleanOnsetS = cleanOnset
        previousOnsetS = onset
        nextCleanOnsetS = cleanOnset + nextIntervalMs(after: cleanOnset, rhythm: rhythm, afVariation: afVariation) / 1000
        nextIndex += 1
        return (extra, beat)
    }

    private mutating func nextIntervalMs(after t: Double, rhythm: RhythmParameters, afVariation: Double?) -> Double {
        let mean = rhythm.meanIntervalMs
        let white = random.gaussian(mean: 0, sd: rhythm.whiteNoiseMs)
        let irregular = random.gaussian(mean: 0, sd: 1)
        let interval: Double
        if let afVariation {
            interval = mean * (1 + afVariation * irregular)
        } else {
            interval = mean
                + rhythm.rsaAmplitudeMs * sin(2 * Double.pi * rhythm.breathingFrequencyHz * t + rsaPhase)
                + rhythm.lfAmplitudeMs * sin(2 * Double.pi * rhythm.lfFrequencyHz * t + lfPhase)
                + white
        }
        return max(interval, Self.minimumIntervalFraction * mean)
    }

    private static func afVariation(at t: Double, scenario: [ScenarioSegment]) -> Double? {
        var variation: Double?
        for segment in scenario where segment.contains(t) {
            if case .afLike(let coefficient) = segment.condition { variation = coefficient }
        }
        return variation
    }
}
