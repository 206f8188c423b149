/// Whether a faint pulse's 15 s spectral peak (`LiveTick.longWindowPeakBpm`) has held its rate over a longer span:
/// of the last `ticks` ticks of the run, every one faint (below `LiveTick.pulseToNoiseFloor` times the frame noise)
/// with contact, half the amplitude floor and a 15 s look, at least `heldShare` lie within `tolerance` of those
/// ticks' median peak. A pulse too faint for the 15 s comb (`LiveTick.faintPulseStandsOut`) still keeps its peak
/// where its heart beats for half a minute; camera noise and pulse-free captures moved theirs: at most 21 of 30 peaks
/// held (pulse-free twins of both level sets at 90 s and camera-noise scenes at 0.2 and 0.5 counts, 120 s each, of
/// the tuning seeds, three ticks running), 20 of the held-out seeds. Such a tick (`LiveTick.faintPeakHeld`) is read as
/// a faint pulse standing out over 15 s is, its evidence beginning where the first of those ticks' 15 s window does
/// (`evidenceSeconds`).
struct FaintPeakRun: Sendable {
    /// Consecutive qualifying ticks the span holds.
    static let ticks = 30
    /// Largest relative difference from the span's median peak for a tick's peak to hold.
    static let tolerance = 0.03
    /// Share of the span's ticks whose peak must hold (22 of 30).
    static let heldShare = 0.73
    /// How far back the evidence of a held span reaches from its last tick: the first tick's 15 s look.
    static let evidenceSeconds = Double(ticks - 1) + SustainedPulse.windowSeconds

    /// The peaks (bpm) of the latest run of qualifying ticks, oldest first, at most `ticks` of them.
    private var peaks: [Double] = []

    /// Records the next tick's 15 s peak, `nil` when the tick does not qualify (not faint, no contact, under half the
    /// amplitude floor, or without a look), which ends the span; answers whether the span now held holds its rate.
    mutating func record(peakBpm: Double?) -> Bool {
        guard let peakBpm else {
            peaks.removeAll(keepingCapacity: true)
            return false
        }
        peaks.append(peakBpm)
        if peaks.count > Self.ticks { peaks.removeFirst(peaks.count - Self.ticks) }
        guard peaks.count == Self.ticks, let median = Statistics.median(peaks) else { return false }
        let held = peaks.filter { abs($0 - median) <= Self.tolerance * median }.count
        return Double(held) >= Self.heldShare * Double(Self.ticks)
    }
}
