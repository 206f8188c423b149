/// What a live tick needs for a reading to start, and how many such ticks in a row open the start gate. The session's
/// `advanced` configuration defaults to `LiveStartRule.standard` (`minAmplitude`, `startQualityFloor`, and a
/// `startWindowSeconds` window of previews, one a second, all eligible), so a benchmark or test that asks "when would
/// a reading start?" of the live analyzer alone reads the same rule the session applies.
public struct LiveStartRule: Sendable, Equatable {
    /// Pulse amplitude a tick needs, counts (`LiveTick.showsReadablePulse(minAmplitude:)`).
    public var minimumAmplitude: Double
    /// Quality a tick needs (`LiveTick.passesStartQuality(floor:)`).
    public var qualityFloor: Double
    /// Eligible ticks in a row that open the gate.
    public var ticksInARow: Int

    /// The production defaults: 0.5 counts of pulse, quality 0.5, three ticks (three seconds) in a row.
    public static let standard = LiveStartRule(minimumAmplitude: 0.5, qualityFloor: 0.5, ticksInARow: 3)

    /// Creates a rule.
    public init(minimumAmplitude: Double, qualityFloor: Double, ticksInARow: Int) {
        self.minimumAmplitude = minimumAmplitude
        self.qualityFloor = qualityFloor
        self.ticksInARow = ticksInARow
    }

    /// Whether `tick` is eligible: contact, a readable pulse and the start quality. The session also asks for the
    /// frame rate it expects (a tick under it shows `frameDrop`) and, when configured, settled exposure; the live
    /// analyzer alone knows neither.
    public func admits(_ tick: LiveTick) -> Bool {
        tick.contact && tick.showsReadablePulse(minAmplitude: minimumAmplitude)
            && tick.passesStartQuality(floor: qualityFloor)
    }

    /// The time of the tick that completes the first run of `ticksInARow` eligible ticks: when the gate opens;
    /// nil if it never does.
    public func opening(in ticks: some Sequence<LiveTick>) -> Double? {
        var run = 0
        for tick in ticks {
            run = admits(tick) ? run + 1 : 0
            if run >= ticksInARow { return tick.time }
        }
        return nil
    }
}
