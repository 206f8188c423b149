/// Whether a beat train alternates between two kinds of beat: the sign that every second "beat" is a pulse's
/// second (dicrotic or reflected) wave, and the heart beats at half the train's rate.
///
/// Each beat's stretch of the band-passed pulse, one period long from just before the beat, is compared with the
/// next beat's and with the one after it. A heart repeats one beat, so a stretch is as like the next as the one
/// after (more, when breathing slowly changes the beats). A train that counts both waves of each pulse alternates
/// systolic and second waves: a stretch is like the one after the next (same kind) and unlike the next, whose wave
/// differs in height or shape and whose interval differs in length (unless the second wave sits exactly half a
/// period on). The figure is the median squared distance to the next stretch over the median to the one after: a
/// ratio, free of the pulse's size and noise level. Medians keep the pairs around a missed or an extra detection
/// (where the alternation's parity flips) from counting.
public struct BeatAlternation: Sendable, Equatable {
    /// Median squared distance between neighbouring beats' stretches over that between beats two apart.
    public var ratio: Double
    /// Beat triples compared.
    public var triples: Int
    /// Share of the triples whose next stretch is farther than the one after.
    public var farShare: Double

    /// Phase points of a beat's stretch.
    public static let points = 16
    /// Share of the period the stretch starts before the beat (its 50 % crossing), so that it holds the foot.
    public static let leadShare = 0.125
    /// Fewest triples of beats (consecutive, in one segment, their stretches inside it) for a figure: with 30,
    /// the share of triples (`farShare`) of a single kind of beat, about one half, stays within 0.1 of it.
    public static let minimumTriples = 30
    /// Smallest ratio that shows two kinds of beat. On 300 clean synthetic pulses with a second wave 0.7–1.2 times
    /// the systolic one 0.25–0.45 s after it (`nfv-bench tall-waves`), the beats found at the true rate reached at
    /// most 1.08 (at most 0.85 from 100 true fast hearts at 100–150 bpm with a small second wave), those of the 57
    /// readings answered at twice the rate, found at that rate, at least 1.64; the beats of the 117 real windows
    /// at their rate at most 1.23. Noise does not keep under it: faint saturated pulses (`nfv-bench honesty`) at
    /// their true rate reached 1.3–3.3 on 1 channel in 20, hence `twoKindsFarShare` as well.
    public static let twoKindsRatio = 1.3
    /// Smallest share of triples whose next stretch is the farther for two kinds of beat (together with
    /// `twoKindsRatio`): two of three. One kind of beat leaves about half (less when breathing slowly changes the
    /// beats): clean synthetic pulses at their rate at most 0.34, faint saturated ones at most 0.66, the real
    /// windows at most 0.58; the trains of both waves above at least 0.69.
    public static let twoKindsFarShare = 2.0 / 3

    /// Creates the figures directly.
    public init(ratio: Double, triples: Int, farShare: Double) {
        self.ratio = ratio
        self.triples = triples
        self.farShare = farShare
    }

    /// The alternation of `beats` (their `segment` indexing `pulses`, the band-passed segments they were found
    /// in) over stretches of `periodSeconds`; nil with fewer than `minimumTriples` triples or no distance.
    public init?(beats: [DetectedBeat], pulses: [UniformSegment], periodSeconds: Double) {
        let stretches = beats.map { beat -> [Double]? in
            guard beat.segment < pulses.count else { return nil }
            return Self.stretch(of: pulses[beat.segment], from: beat.time - Self.leadShare * periodSeconds,
                                periodSeconds: periodSeconds)
        }
        var next: [Double] = [], afterNext: [Double] = []
        for first in beats.indices.dropLast(2)
        where beats[first].segment == beats[first + 2].segment {
            guard let a = stretches[first], let b = stretches[first + 1], let c = stretches[first + 2] else { continue }
            next.append(Self.distance(a, b))
            afterNext.append(Self.distance(a, c))
        }
        guard next.count >= Self.minimumTriples, let near = Statistics.median(next),
              let far = Statistics.median(afterNext), far > 0,
              !Self.isLockedToTheFrameGrid(beats, pulses: pulses) else { return nil }
        let farther = zip(next, afterNext).filter { $0 > $1 }.count
        self.init(ratio: near / far, triples: next.count, farShare: Double(farther) / Double(next.count))
    }

    /// Whether the train holds two kinds of beat (`twoKindsRatio`).
    public var showsTwoKinds: Bool { ratio >= Self.twoKindsRatio && farShare >= Self.twoKindsFarShare }

    /// Largest median distance, in frames, between the frame-grid phases of beats two apart at which the train
    /// counts as locked to the grid.
    public static let gridLockFrames = 0.05

    /// Whether every other beat falls on the same phase of the frame grid (median distance between the phases of
    /// beats two apart under `gridLockFrames`): a train without variability whose period holds a whole number of
    /// frames and a half, as only a synthetic input keeps. Its beats then alternate between two sampling phases
    /// and their stretches and 50 % crossings between two small errors: an alternation of the grid's, not of the
    /// pulse's. A heart's variability moves each beat to a new phase (an RMSSD of 10 ms is a third of a frame at
    /// 30 fps).
    static func isLockedToTheFrameGrid(_ beats: [DetectedBeat], pulses: [UniformSegment]) -> Bool {
        var distances: [Double] = []
        for first in beats.indices.dropLast(2) where beats[first].segment == beats[first + 2].segment
            && beats[first].segment < pulses.count {
            let pulse = pulses[beats[first].segment]
            let frames = (beats[first + 2].time - beats[first].time) * pulse.sampleRate
            let offGrid = frames - frames.rounded()
            distances.append(abs(offGrid))
        }
        guard let median = Statistics.median(distances) else { return false }
        return median < Self.gridLockFrames
    }

    /// `points` samples of `pulse` over one period from `start` (linear interpolation); nil when the period leaves
    /// the segment.
    static func stretch(of pulse: UniformSegment, from start: Double, periodSeconds: Double) -> [Double]? {
        var values: [Double] = []
        values.reserveCapacity(points)
        for point in 0..<points {
            let position = (start + Double(point) / Double(points) * periodSeconds - pulse.startTime)
                * pulse.sampleRate
            let index = Int(position.rounded(.down))
            guard position >= 0, index + 1 < pulse.samples.count else { return nil }
            let fraction = position - Double(index)
            values.append(pulse.samples[index] * (1 - fraction) + pulse.samples[index + 1] * fraction)
        }
        return values
    }

    static func distance(_ a: [Double], _ b: [Double]) -> Double {
        var sum = 0.0
        for index in a.indices { sum += (a[index] - b[index]) * (a[index] - b[index]) }
        return sum
    }
}
