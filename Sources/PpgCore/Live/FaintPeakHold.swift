/// Whether the spectral peak of the faint-pulse look (the last `SustainedPulse.windowSeconds` of the run,
/// `LiveTick.longWindowPeakBpm`) holds its rate from tick to tick: a faint pulse keeps its 15 s peak where its heart
/// beats, camera noise moves it. A faint tick counts towards a start (`LiveTick.faintPulseStandsOut`,
/// `LiveTick.faintPulseConfirmed`) only while its peak lies within `tolerance` of the peaks of the previous `ticks`
/// ticks of the run, but for `allowedMisses` of them (a faint pulse's peak slips to a harmonic or a neighbour now and
/// then). Only ticks since the run first spanned the look's window count (a pulse that stands out as soon as the
/// window is full is not held back), and only those with a look (a tick whose pulse is neither faint nor below the
/// pass threshold has none). Camera noise on a steady finger-coloured light (200 synthetic scenes at each of 0.2 and
/// 0.5 counts, 120 s each) filled the start gate without it in 2 and 3 scenes, 58–68 s in; at most 7 of the previous
/// 10 peaks lay within 10 % of the peak of any tick that would still have filled it.
struct FaintPeakHold: Sendable {
    /// Previous ticks whose peaks are compared, at most.
    static let ticks = 10
    /// Largest relative difference from a previous tick's peak for the two to agree.
    static let tolerance = 0.05
    /// Previous peaks that may disagree.
    static let allowedMisses = 2

    /// Sample times and peaks (bpm) of the latest ticks that had a look, oldest first.
    private var recent: [(time: Double, peakBpm: Double)] = []

    /// Records the tick at `time` with its look's peak `peakBpm` (nil when it had none) and answers whether the peak
    /// holds: among the previous `ticks` ticks, those from `runSince` on (when the run first spanned the look's window)
    /// with a peak, at most `allowedMisses` lie farther than `tolerance` from it. False without a peak.
    mutating func record(time: Double, peakBpm: Double?, runSince: Double) -> Bool {
        recent.removeAll { $0.time <= time - Double(Self.ticks) - 0.5 }
        guard let peakBpm else { return false }
        let misses = recent.filter { $0.time >= runSince && abs($0.peakBpm - peakBpm) > Self.tolerance * peakBpm }
        recent.append((time, peakBpm))
        return misses.count <= Self.allowedMisses
    }
}
