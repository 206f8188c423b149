/// Finger contact in the live path. A fingertip is recognised by its pulse, not by colour ratios, which vary from
/// camera to camera (red-dominant under a torch; green above red on some sensors): once a pulse has been seen, a
/// frame counts while the finger it was seen on is still what the lens shows. Without a pulse within
/// `pulseMemorySeconds` only frames passing the strict red-dominance rule count (a torch-lit finger during its
/// settling seconds). The passing share of the last second then goes through the enter/exit hysteresis.
///
/// What the finger looks like is taken from the last second of every tick that shows a pulse on a steady level: its
/// colour balance (`ColourBalance`) and its level. A finger that presses or moves on the lens changes how much light
/// comes through, not its colour, and while it moves the level moves with it: a motion burst keeps contact. A lens
/// that leaves the finger sees the room or the lamp instead: another colour balance, or darkness, or — where the
/// finger's own balance is close to grey — a level well away from the finger's (`sceneLevelChange`) that holds
/// still within the second (`stillSpread`), as no moving finger does — or a level a little away from the finger's
/// (`frozenLevelChange`) that moves by nothing but frame noise, as no fingertip with its pulse does. Such a second
/// fails, and the pulse seen before no longer vouches for anything: a pulse must be seen again. A finger whose pulse
/// does not come back within `pulseMemorySeconds` loses contact too.
struct LiveContact: Sendable, Equatable {
    /// How long a seen pulse keeps vouching for the finger, seconds: a few poor seconds are the quality checks'
    /// business, not a lost contact.
    static let pulseMemorySeconds = 10.0
    /// Relative level change between consecutive seconds (`BaselineSlew`, in `LiveAnalyzer`) over the last
    /// `levelJumpSeconds` that ends a tick's claim to show the finger on a steady level: pressure drift and a
    /// wandering baseline stay well below 15 %.
    static let levelJump = 0.25
    /// Relative difference from the finger's level (all channels summed) beyond which a still second shows another
    /// scene: more than the 10–30 % by which pressing harder or softer moves a fingertip's level.
    static let sceneLevelChange = 0.35
    /// How far back a level jump is looked for, seconds (the quality window still holds the old pulse that long).
    static let levelJumpSeconds = 3.0
    /// Robust peak-to-peak of the level within a second, relative to its mean, below which the lens holds still: a
    /// still scene moves by its noise (about 1–3 %), a fingertip at rest by its pulse (a few percent), a finger
    /// moving on the lens by 20 % and more.
    static let stillSpread = 0.1
    /// A second also holds still when its spread is no more than this many times its frame noise (estimated from
    /// second differences between frames, which a smooth movement barely shows): a dim scene's noise may exceed
    /// `stillSpread`, while a moving finger's level travels far further than its noise.
    static let stillNoiseMultiple = 6.0
    /// Relative difference from the finger's level beyond which a second whose level moves by no more than its frame
    /// noise (`stillNoiseMultiple`) shows another scene: a lit fingertip's pulse alone moves it by 20 and more times
    /// its noise on real recordings, so a second without any such movement, off the finger's level by more than a
    /// fingertip at rest drifts between two pulse ticks, is a lens that sees a room of the finger's colour.
    static let frozenLevelChange = 0.05

    private let strictRule = ContactRule()
    private var hysteresis: ContactHysteresis
    private var lastPulseTime: Double?
    /// The colour balance of the last second of the latest tick that showed a pulse on a steady level.
    private var fingerBalance: ColourBalance?
    /// The mean level (all channels summed) of that second.
    private var fingerLevel = 0.0

    /// Contact with the enter and exit fractions of the configuration.
    init(enterFraction: Double, exitFraction: Double) {
        hysteresis = ContactHysteresis(enterFraction: enterFraction, exitFraction: exitFraction)
    }

    /// Updates contact at sample time `time` from the frames of the last second, whether the latest window showed a
    /// pulse and whether the level jumped lately; returns whether a fingertip covers the lens.
    mutating func update(time: Double, lastSecond: [FrameSample], showsPulse: Bool, levelJumped: Bool) -> Bool {
        let count = Double(max(lastSecond.count, 1))
        let levels = lastSecond.map { $0.red + $0.green + $0.blue }
        let level = levels.reduce(0, +) / count
        if showsPulse && !levelJumped, let balance = Self.meanBalance(of: lastSecond) {
            lastPulseTime = time
            fingerBalance = balance
            fingerLevel = level
        }
        let pulseRecent = lastPulseTime.map { time - $0 <= Self.pulseMemorySeconds } ?? false
        let passing: Double
        if pulseRecent, let fingerBalance, !Self.isStillScene(levels, level: level, fingerLevel: fingerLevel) {
            passing = Double(lastSecond.filter { frame in
                ContactRule.isPlausibleFingertip(frame) && (ColourBalance(frame)?.isClose(to: fingerBalance) ?? false)
            }.count) / count
        } else if pulseRecent {
            passing = 0
        } else {
            passing = Double(lastSecond.filter(strictRule.isLitFingertip).count) / count
        }
        if pulseRecent && passing < hysteresis.exitFraction { lastPulseTime = nil }
        return hysteresis.update(passingFraction: passing)
    }

    /// Whether a second of frames with these summed `levels` (mean `level`) holds still at a level more than
    /// `sceneLevelChange` away from the finger's, or moves by no more than its frame noise at a level more than
    /// `frozenLevelChange` away from it.
    private static func isStillScene(_ levels: [Double], level: Double, fingerLevel: Double) -> Bool {
        guard fingerLevel > 0, level > 0, abs(level / fingerLevel - 1) > frozenLevelChange,
              let spread = Statistics.robustPeakToPeak(levels) else { return false }
        let noise = FrameNoise.sigma(levels)
        if spread < stillNoiseMultiple * noise { return true }
        return abs(level / fingerLevel - 1) > sceneLevelChange && spread < stillSpread * level
    }

    /// The colour balance of the mean levels of `frames`; nil without light.
    private static func meanBalance(of frames: [FrameSample]) -> ColourBalance? {
        ColourBalance(red: frames.reduce(0) { $0 + $1.red }, green: frames.reduce(0) { $0 + $1.green },
                      blue: frames.reduce(0) { $0 + $1.blue })
    }
}
