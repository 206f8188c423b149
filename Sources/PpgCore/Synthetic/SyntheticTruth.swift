/// Ground truth of a synthetic reading: every pulse generated, and the clean NN series inside an analysis window
/// with its metrics computed by the engine's metric functions.
public struct SyntheticTruth: Sendable {
    /// Every pulse generated (heartbeats and extra pulses), in onset order.
    public let beats: [SyntheticBeat]
    /// Analysis window (s): heartbeats whose clean onset lies strictly inside it are used.
    public let windowS: ClosedRange<Double>
    /// Heartbeats inside the window (including missed and ectopic ones), in order.
    public let windowBeats: [SyntheticBeat]
    /// Clean NN intervals between consecutive window heartbeats (ms), stamped with the ending beat's clean onset.
    public let intervals: IntervalSeries
    /// HRV metrics of `intervals`.
    public let metrics: HrvMetrics
    /// Baevsky SI of `intervals` (nil when undefined).
    public let stressIndex: BaevskyStressIndex?
    /// The engine's fiducial (50 % upstroke, `UpstrokeFiducial`) of each window heartbeat as rendered; nil for
    /// a missed beat. Ectopic beats carry their rendered (premature) time.
    public let upstrokeTimesS: [Double?]

    /// Builds the truth from the generated pulses.
    public init(beats: [SyntheticBeat], windowS: ClosedRange<Double>, shape: PulseShape) {
        self.beats = beats
        self.windowS = windowS
        let isInWindow = { (beat: SyntheticBeat) in
            beat.isHeartbeat && beat.cleanOnsetS > windowS.lowerBound && beat.cleanOnsetS < windowS.upperBound
        }
        windowBeats = beats.filter(isInWindow)
        intervals = IntervalSeries(beatTimesS: windowBeats.map(\.cleanOnsetS))
        metrics = HrvMetrics(series: intervals)
        stressIndex = BaevskyStressIndex(intervalsMs: intervals.intervalsMs)
        let allUpstrokes = UpstrokeFiducial.times(of: beats, shape: shape)
        upstrokeTimesS = beats.indices.filter { isInWindow(beats[$0]) }.map { allUpstrokes[$0] }
    }

    /// Clean heartbeat onsets (s) inside the window.
    public var beatOnsetsS: [Double] { windowBeats.map(\.cleanOnsetS) }
}
