/// Switches of the final analysis that mirror the SDK configuration (`advanced` keys,
/// `VitalsConfiguration.motionBreathing`).
public struct AnalysisOptions: Sendable, Equatable {
    /// `consistencyGate`: veto HRV when the NN series is implausible.
    public var consistencyGate = true
    /// `mergedIntervalFix`: correct missed and extra beats (merged intervals) instead of only dropping them.
    public var mergedIntervalFix = true
    /// `motionBreathing`: use the accelerometer as a breathing channel.
    public var motionBreathing = true
    /// `minAmplitude`: pulse amplitude (counts) below which the signal is too weak. Default: the start rule's
    /// (`LiveStartRule.standard`).
    public var minimumAmplitude = LiveStartRule.standard.minimumAmplitude

    /// The production defaults.
    public init() {}
}
