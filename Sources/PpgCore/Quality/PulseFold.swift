import Glibc

/// A reading's band-passed pulse folded at one period: the average shape of a cycle in each window of
/// `windowSeconds`, and how alike those shapes are from window to window.
///
/// A pulse repeats its shape every beat, so the windows' cycles agree (their mean keeps most of their power: a
/// `coherence` near 1); noise leaves each window a different shape, whose mean keeps about one window's share of
/// their power (near 1/windows). The fold gathers every harmonic of the pulse at once, where a spectral peak holds
/// one: a pulse of a count whose dicrotic wave is as tall as its systolic one puts half its power at twice the
/// rate, out of the heart band above 105 bpm, and its fundamental may not stand above the spectrum's floor while
/// its fold is plain.
///
/// A fold cannot tell a period from its multiples (a pulse is just as periodic at twice its period) nor from its
/// integer fractions (folded at a third of the period, every window averages the same three parts of the cycle).
/// `selfSimilarity(parts:)` tells them apart: a cycle folded at `k` times its period is `k` equal parts, a true
/// cycle is not (`FoldedRate`).
public struct PulseFold: Sendable, Equatable {
    /// The period folded at, seconds.
    public var periodSeconds: Double
    /// Power of the windows' mean cycle over the windows' mean power (0…1).
    public var coherence: Double
    /// The windows' mean cycle in `bins` phase bins, its mean removed (counts).
    public var template: [Double]

    /// Length of the windows whose cycles are compared, seconds: 10 beats at 60 bpm, long enough for a faint
    /// pulse to stand out of a window's noise, short enough for six of them in a minute.
    public static let windowSeconds = 10.0
    /// Phase bins of a cycle (divisible by 2 and 3, for `selfSimilarity(parts:)`).
    public static let bins = 12
    /// cos(2πk/`bins`) for each harmonic k = 1…`bins`/2 of the folded period, the Goertzel coefficients
    /// `strongestHarmonic` weighs the template's power with (the same for every fold).
    static let harmonicCosines = (1...(bins / 2)).map { cos(2 * Double.pi * Double($0) / Double(bins)) }
    /// Fewest windows compared: with fewer, noise alone reaches a high coherence (its expected value is about
    /// 1/windows).
    public static let minimumWindows = 5
    /// Relative range around a period searched for the most coherent fold (the spectrum's rate is known to
    /// about ±1 bpm; over a minute a period off by 0.5 % drifts the fold by a third of a cycle).
    public static let periodSearch = 0.03
    /// Relative step of that search.
    public static let periodStep = 0.001
    /// Steps of `periodStep` between the periods of the search's coarse pass, which folds every third period of the
    /// range before the steps around the most coherent of them (25 folds instead of 61). A fold's coherence peaks
    /// over about 1/N of the period, N the cycles folded (0.7 % at 140 bpm over a minute, 1.7 % at 60 bpm): a
    /// coarse period at most 0.15 % off the peak drifts by a fifth of a cycle over a minute at 140 bpm and keeps
    /// most of the coherence. Every fourth or fifth period lost a rate the full search settles (`nfv-bench
    /// honesty`: a capture at 96 bpm whose spectrum peaks at twice it); every third gives the same answers.
    public static let coarseStride = 3

    /// The fold of `pulses` at `periodSeconds` exactly; nil with fewer than `minimumWindows` windows or no power.
    public init?(pulses: [UniformSegment], periodSeconds: Double) {
        let templates = Self.windowCycles(pulses: pulses, periodSeconds: periodSeconds)
        guard templates.count >= Self.minimumWindows else { return nil }
        var mean = [Double](repeating: 0, count: Self.bins)
        for template in templates {
            for bin in 0..<Self.bins { mean[bin] += template[bin] / Double(templates.count) }
        }
        let each = templates.map(Self.power).reduce(0, +) / Double(templates.count)
        guard each > 0 else { return nil }
        self.periodSeconds = periodSeconds
        self.coherence = Self.power(mean) / each
        self.template = mean
    }

    /// The mean cycle (`cycle(of:range:period:)`) of each whole window of `windowSeconds` of `pulses` at
    /// `periodSeconds`, in time order.
    static func windowCycles(pulses: [UniformSegment], periodSeconds: Double) -> [[Double]] {
        pulses.flatMap { pulse in
            wholeWindows(of: pulse, seconds: windowSeconds).map { cycle(of: pulse, range: $0, period: periodSeconds) }
        }
    }

    /// The consecutive whole windows of `seconds` of `pulse`'s samples, from its first sample (a remainder shorter
    /// than a window is left out; none when a window holds no sample).
    static func wholeWindows(of pulse: UniformSegment, seconds: Double) -> [Range<Int>] {
        let perWindow = Int(seconds * pulse.sampleRate)
        guard perWindow > 0 else { return [] }
        return stride(from: 0, through: pulse.samples.count - perWindow, by: perWindow).map { $0..<($0 + perWindow) }
    }

    /// The share of the power that the difference between the two halves of each window's cycle (its odd
    /// harmonics) keeps from window to window, at the fold's period over `pulses`: that difference's coherence
    /// `c` over the `W` windows with the `1/W` that noise alone reaches taken out, `(c − 1/W)/(1 − 1/W)` (the
    /// power the windows share over their mean power). A heart at the fold's rate whose two waves differ leaves
    /// the same difference in every window; a heart at twice the rate, folded at twice its period, puts the same
    /// beat in both halves, and their difference is noise (and what the period search picked of it). 0 with
    /// fewer than two windows or no power.
    public func halvesDifferenceShare(pulses: [UniformSegment]) -> Double {
        let windows = Self.windowCycles(pulses: pulses, periodSeconds: periodSeconds)
        guard windows.count > 1 else { return 0 }
        let half = Self.bins / 2, count = Double(windows.count)
        var mean = [Double](repeating: 0, count: Self.bins)
        var each = 0.0
        for window in windows {
            let difference = (0..<Self.bins).map { (window[$0] - window[($0 + half) % Self.bins]) / 2 }
            for bin in 0..<Self.bins { mean[bin] += difference[bin] / count }
            each += Self.power(difference) / count
        }
        guard each > 0 else { return 0 }
        return (Self.power(mean) / each - 1 / count) / (1 - 1 / count)
    }

    /// The most coherent fold of `pulses` within `periodSearch` of `periodSeconds`, in steps of `periodStep`: every
    /// `coarseStride`-th step first, then the steps between the most coherent of those and its neighbours; nil
    /// without one.
    public static func searched(pulses: [UniformSegment], aroundPeriod periodSeconds: Double) -> PulseFold? {
        let steps = Int((periodSearch / periodStep).rounded())
        let coarse = stride(from: -(steps / coarseStride) * coarseStride, through: steps, by: coarseStride)
        guard let rough = mostCoherent(pulses: pulses, aroundPeriod: periodSeconds, steps: Array(coarse)) else {
            return nil
        }
        let fine = max(-steps, rough.step - coarseStride + 1)...min(steps, rough.step + coarseStride - 1)
        let refined = mostCoherent(pulses: pulses, aroundPeriod: periodSeconds,
                                   steps: fine.filter { $0 != rough.step })
        return refined.map { $0.fold.coherence > rough.fold.coherence ? $0.fold : rough.fold } ?? rough.fold
    }

    /// The most coherent fold of `pulses` at `periodSeconds` moved by each of `steps` (`periodStep` each), the
    /// first of equals, with its step; nil when there are no steps or a fold fails.
    static func mostCoherent(pulses: [UniformSegment], aroundPeriod periodSeconds: Double,
                             steps: [Int]) -> (step: Int, fold: PulseFold)? {
        var best: (step: Int, fold: PulseFold)?
        for step in steps {
            let period = periodSeconds * (1 + periodStep * Double(step))
            guard let fold = PulseFold(pulses: pulses, periodSeconds: period) else { return nil }
            if fold.coherence > best?.fold.coherence ?? -1 { best = (step, fold) }
        }
        return best
    }

    /// Mean correlation of the template with itself shifted by each `j/parts` of the cycle (j = 1…parts−1): near
    /// 1 when the cycle is `parts` equal parts (folded at `parts` times its period), lower for a true cycle.
    /// `parts` must divide `bins`.
    public func selfSimilarity(parts: Int) -> Double {
        let power = Self.power(template)
        guard parts > 1, power > 0 else { return 0 }
        var sum = 0.0
        for part in 1..<parts {
            let shift = part * Self.bins / parts
            for bin in 0..<Self.bins { sum += template[bin] * template[(bin + shift) % Self.bins] }
        }
        return sum / Double(parts - 1) / power
    }

    /// The harmonic of the folded period (1…`bins`/2) that carries the most of the template's power. A cycle
    /// folded at its own period carries most at 1, or at 2 when a dicrotic wave as tall as the systolic one sits
    /// half a cycle on; folded at a multiple of a shorter periodicity (five half-beats of such a pulse, say) it
    /// repeats that periodicity several times over, and the template shows it as a higher harmonic.
    public var strongestHarmonic: Int {
        let powers = GoertzelPower.powers(template, cosines: Self.harmonicCosines)
        return (powers.indices.max { powers[$0] < powers[$1] } ?? 0) + 1
    }

    /// Length of the short windows of `shortWindowChance`, seconds: three cycles of a pulse at 150 bpm.
    public static let shortWindowSeconds = 1.25

    /// The chance that noise holds `pulses`' phase at the folded period as well as they do over windows of
    /// `shortWindowSeconds`: the coherence `c` of the period's first harmonic over those windows (phases counted
    /// from time 0, as the fold counts them), whose tail for Gaussian noise of one harmonic over `n` windows is
    /// `(1 − c)^(n−1)` (Beta(1, n−1)). A pulse keeps its phase over all of them, and many short windows measure the
    /// noise's own spread more exactly than a few long ones; noise folded at a period chosen for its coherence over
    /// 10 s windows does not keep it. 1 with fewer than two windows.
    public func shortWindowChance(pulses: [UniformSegment]) -> Double {
        let phasors = pulses.flatMap { pulse in
            Self.wholeWindows(of: pulse, seconds: Self.shortWindowSeconds).map {
                Self.firstHarmonic(of: pulse, range: $0, period: periodSeconds)
            }
        }
        guard phasors.count > 1 else { return 1 }
        let re = phasors.reduce(0) { $0 + $1.re }, im = phasors.reduce(0) { $0 + $1.im }
        let each = phasors.reduce(0) { $0 + $1.re * $1.re + $1.im * $1.im }
        guard each > 0 else { return 1 }
        let coherence = (re * re + im * im) / (Double(phasors.count) * each)
        return pow(max(0, 1 - coherence), Double(phasors.count - 1))
    }

    /// The first harmonic at `period` of `pulse`'s samples in `range`, their mean removed, phases counted from time 0.
    static func firstHarmonic(of pulse: UniformSegment, range: Range<Int>, period: Double) -> (re: Double, im: Double) {
        let level = range.reduce(0) { $0 + pulse.samples[$1] } / Double(range.count)
        var re = 0.0, im = 0.0
        for index in range {
            let phase = 2 * Double.pi * pulse.time(at: Double(index)) / period
            re += (pulse.samples[index] - level) * cos(phase)
            im -= (pulse.samples[index] - level) * sin(phase)
        }
        return (re, im)
    }

    /// Peak-to-peak size of the template, counts.
    public var amplitude: Double { (template.max() ?? 0) - (template.min() ?? 0) }

    /// The mean cycle of `pulse`'s samples in `range`, phases counted from time 0 at `period`, its mean removed.
    static func cycle(of pulse: UniformSegment, range: Range<Int>, period: Double) -> [Double] {
        var sums = [Double](repeating: 0, count: bins), counts = [Double](repeating: 0, count: bins)
        for index in range {
            let turns = pulse.time(at: Double(index)) / period
            let bin = min(bins - 1, Int((turns - turns.rounded(.down)) * Double(bins)))
            sums[bin] += pulse.samples[index]
            counts[bin] += 1
        }
        let means = zip(sums, counts).map { $1 > 0 ? $0 / $1 : 0 }
        let level = means.reduce(0, +) / Double(bins)
        return means.map { $0 - level }
    }

    static func power(_ values: [Double]) -> Double { values.reduce(0) { $0 + $1 * $1 } }
}
