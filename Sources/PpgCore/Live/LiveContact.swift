/// Finger contact in the live path. A fingertip is recognised by its pulse, not by colour ratios, which vary from
/// camera to camera (red-dominant under a torch; green above red on some sensors): a frame counts when it passes the
/// loose colour guard (`ContactRule.isPlausibleFingertip`) and a pulse was seen within `pulseMemorySeconds`;
/// without a recent pulse only frames passing the strict red-dominance rule count (a torch-lit finger during its
/// settling seconds). A pulse stops vouching as soon as the level jumps (`levelJump`): a finger lifted off the lens
/// changes the level by tens of percent at once, while the pulse seen a moment ago still fills the quality window.
/// The passing share of the last second then goes through the enter/exit hysteresis.
struct LiveContact: Sendable, Equatable {
    /// How long a seen pulse keeps vouching for the finger, seconds: a few poor seconds are the quality checks'
    /// business, not a lost contact.
    static let pulseMemorySeconds = 10.0
    /// Relative level change between consecutive seconds (`BaselineSlew`) over the last `levelJumpSeconds` that
    /// ends the pulse's word: pressure changes and a wandering baseline stay well below 15 %.
    static let levelJump = 0.25
    /// How far back a level jump is looked for, seconds (the quality window still holds the old pulse that long).
    static let levelJumpSeconds = 3.0

    private var hysteresis: ContactHysteresis
    private var lastPulseTime: Double?

    /// Contact with the enter and exit fractions of the configuration.
    init(enterFraction: Double, exitFraction: Double) {
        hysteresis = ContactHysteresis(enterFraction: enterFraction, exitFraction: exitFraction)
    }

    /// Updates contact at sample time `time` from the last second's shares of plausible and of red-dominant frames,
    /// whether the latest window showed a pulse and whether the level jumped lately; returns whether a fingertip
    /// covers the lens.
    mutating func update(time: Double, plausibleShare: Double, redDominantShare: Double, showsPulse: Bool,
                         levelJumped: Bool) -> Bool {
        if levelJumped {
            lastPulseTime = nil
        } else if showsPulse {
            lastPulseTime = time
        }
        let pulseRecent = lastPulseTime.map { time - $0 <= Self.pulseMemorySeconds } ?? false
        return hysteresis.update(passingFraction: pulseRecent ? plausibleShare : redDominantShare)
    }
}
