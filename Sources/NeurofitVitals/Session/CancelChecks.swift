import PpgCore

/// The five ordered cancel checks of a measuring attempt, fed one preview tick at a time.
struct CancelChecks {
    /// A quality score below this counts as a failed quality check: clearly below the start gate's floor (0.5 by
    /// default), so a signal the gate has just accepted, scoring around the floor, is not cancelled for it a few
    /// seconds later; the final analysis grades such a reading by its own quality tier. A tick whose last 10–15 s
    /// hold a sustained pulse (`LiveTick.sustainedPulse`), or whose 15 s spectral peak stays at the one the reading
    /// started on (`startPeakAgreement`), does not fail it either: the final analysis answers such a faint pulse
    /// from the reading's spectrum and beat train.
    static let badQualityBelow = 0.35
    /// Longest stretch of disturbed ticks (`LiveTick.disturbed`) left out of the low-quality check, seconds from
    /// the first: one motion burst or change of pressure, with the seconds the analysis needs to score the pulse
    /// again, is what the final analysis cuts out of a reading (no longer than this), not a reason to abandon it.
    /// Disturbed ticks after it, or of a second disturbance, count as any other.
    static let toleratedDisturbanceSeconds = FinalAnalyzer.maximumCutSeconds
    /// Share of the attempt's ticks holding a sustained pulse (`LiveTick.sustainedPulse`: a pulse the 5 s
    /// windows cannot score, carried by the spectrum of the last 10–15 s; or the start's 15 s peak,
    /// `startPeakAgreement`) from which the no-low-discard check does
    /// not fire: such a pulse is too faint for its beats to give a live HRV estimate, so the estimate cannot judge
    /// the reading, and the final analysis reads its heart rate from the spectrum (withholding HRV when the beats
    /// do not hold). Pulse-free signal shows a sustained pulse on a few ticks in a hundred.
    static let spectralPulseShare = 0.25
    /// Largest relative distance of a tick's 15 s spectral peak (`LiveTick.longWindowPeakBpm`) from the one the
    /// reading started on for the tick to count as holding the reading's pulse, as a sustained pulse does: a faint
    /// pulse (a count on a saturated red) keeps its peak there while its 5 s score falls below 0.35 for many seconds
    /// and its beat train falls apart, and the final analysis reads its rate from the spectrum. Pulse-free
    /// captures hold a peak that close on a fraction of their ticks.
    static let startPeakAgreement = 0.1

    /// Beat intervals the regularity check looks at (the latest ones); it decides once it holds this many.
    static let regularityIntervals = 20

    /// The cancel thresholds (`cancelWindowSeconds`, `contactLossPreviews`, `liveDiscardGateSeconds`, …).
    private let advanced: AdvancedConfiguration
    /// The 15 s spectral peak of the tick the reading started on, bpm; nil when none was looked for.
    private let startPeakBpm: Double?
    /// The attempt's latest live beat intervals, ms (at most `regularityIntervals`).
    private var beatIntervals: [Double] = []
    /// Consecutive ticks without contact, up to the latest.
    private var noContactRun = 0
    /// Consecutive ticks with a withheld live estimate, up to the latest.
    private var withheldRun = 0
    /// The scored ticks of the last `cancelWindowSeconds` (disturbed ones within the tolerated stretch left out),
    /// each with whether it failed the quality check.
    private var qualityWindow: [(time: Double, bad: Bool)] = []
    /// Sample time of the attempt's first disturbed tick, nil before one.
    private var disturbanceStart: Double?
    /// Ticks of the attempt recorded so far.
    private(set) var previewCount = 0
    /// Ticks of the attempt holding a sustained pulse.
    private var sustainedCount = 0
    /// Whether a live estimate of the attempt was accepted with a discard ratio below `liveDiscardGateThreshold`.
    private(set) var sawLowDiscardEstimate = false

    /// Checks for an attempt that started on a tick whose 15 s spectral peak was `startPeakBpm`.
    init(advanced: AdvancedConfiguration, startPeakBpm: Double? = nil) {
        self.advanced = advanced
        self.startPeakBpm = startPeakBpm
    }

    /// Records a tick of the attempt (call before `firstFiring` and `abortRisk`).
    mutating func record(_ tick: LiveTick) {
        previewCount += 1
        noContactRun = tick.contact ? 0 : noContactRun + 1
        if case .withheld = tick.estimate { withheldRun += 1 } else { withheldRun = 0 }
        if let ratio = tick.estimate.discardRatio, case .accepted = tick.estimate,
           ratio < advanced.liveDiscardGateThreshold {
            sawLowDiscardEstimate = true
        }
        let spectralPulse = tick.sustainedPulse || holdsStartPeak(tick)
        if spectralPulse { sustainedCount += 1 }
        if tick.disturbed, disturbanceStart == nil { disturbanceStart = tick.time }
        let tolerated = tick.disturbed
            && tick.time - (disturbanceStart ?? tick.time) <= Self.toleratedDisturbanceSeconds
        // A tick without a score (the live analysis restarted after a frame gap or a level step less than a
        // quality window ago) tells nothing about the signal: it is left out, neither good nor bad.
        if !tolerated, let score = tick.qualityScore {
            qualityWindow.append((tick.time, score < Self.badQualityBelow && !spectralPulse))
        }
        qualityWindow.removeAll { $0.time <= tick.time - advanced.cancelWindowSeconds }
    }

    /// Whether `tick`'s 15 s spectral peak lies within `startPeakAgreement` of the one the reading started on.
    private func holdsStartPeak(_ tick: LiveTick) -> Bool {
        guard let start = startPeakBpm, let peak = tick.longWindowPeakBpm else { return false }
        return abs(peak - start) <= Self.startPeakAgreement * start
    }

    /// Records a live beat interval of the attempt.
    mutating func record(beatIntervalMs: Double) {
        beatIntervals.append(beatIntervalMs)
        if beatIntervals.count > Self.regularityIntervals { beatIntervals.removeFirst() }
    }

    /// Whether the latest `regularityIntervals` beats are more regular than any heart
    /// (`FinalAnalyzer.minimumVariation`: the final analysis would refuse the reading as `too_regular`): a periodic
    /// light or a synthetic fixture with a fixed period, decided some 20 s into the attempt instead of after it.
    var isTooRegular: Bool {
        guard beatIntervals.count >= Self.regularityIntervals, let sdnn = Statistics.standardDeviation(beatIntervals),
              let mean = Statistics.mean(beatIntervals) else { return false }
        return sdnn < FinalAnalyzer.minimumVariation * mean
    }

    /// The first check that fires, in the reference order (the host cancel is the session's fifth check), then the
    /// regularity check.
    func firstFiring() -> CancelReason? {
        if noContactRun >= advanced.contactLossPreviews { return .contactLost }
        let bad = qualityWindow.filter(\.bad).count
        if qualityWindow.count >= advanced.cancelMinSamples,
           Double(bad) >= advanced.cancelBadFraction * Double(qualityWindow.count) {
            return .lowQuality
        }
        if withheldRun >= advanced.liveSqCancelConsecutive { return .lowLiveSignalQuality }
        if previewCount >= advanced.liveDiscardGateSeconds && !sawLowDiscardEstimate && !spectralPulseCarries {
            return .noLowDiscardEstimate
        }
        return isTooRegular ? .tooRegular : nil
    }

    /// The check at the reading's last tick, after `firstFiring`: contact lost on it, even for fewer than
    /// `contactLossPreviews` ticks, cancels, since the result would include seconds without the finger.
    func firingAtEnd() -> CancelReason? {
        noContactRun > 0 ? .contactLost : nil
    }

    /// Whether a poor-signal cancel is near after the latest tick: the quality window holds half the bad previews
    /// the low-quality cancel needs at its minimum sample count, the withheld-estimate run is half its limit, or the
    /// no-estimate cancel is imminent.
    var isPoorSignalCancelNear: Bool {
        let badNeeded = (advanced.cancelBadFraction * Double(advanced.cancelMinSamples)).rounded(.up)
        let bad = qualityWindow.filter(\.bad).count
        return (bad > 0 && 2 * Double(bad) >= badNeeded)
            || (withheldRun > 0 && 2 * withheldRun >= advanced.liveSqCancelConsecutive)
            || abortRisk == .imminent
    }

    /// Whether at least `spectralPulseShare` of the attempt's ticks held a sustained pulse.
    private var spectralPulseCarries: Bool {
        previewCount > 0 && Double(sustainedCount) >= Self.spectralPulseShare * Double(previewCount)
    }

    /// The abort risk after the latest tick: `warn` from preview ⌈0.6·deadline⌉, `imminent` for the last 5,
    /// `none` once an estimate cleared the gate or while a sustained pulse carries the reading.
    var abortRisk: AbortRisk {
        let deadline = advanced.liveDiscardGateSeconds
        if sawLowDiscardEstimate || spectralPulseCarries || deadline <= 0 { return .none }
        if previewCount >= deadline - 5 { return .imminent }
        if previewCount >= Int((0.6 * Double(deadline)).rounded(.up)) { return .warn }
        return .none
    }
}
