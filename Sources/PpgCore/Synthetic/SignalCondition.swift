/// What happens to the reading during a `ScenarioSegment` (the stress cases).
///
/// Conditions marked "replaces" substitute the whole frame (no pulse); the others modify the steady finger.
/// When several replacing segments overlap, the one listed last wins.
public enum SignalCondition: Sendable, Equatable {
    /// Finger steady on the lens (the default outside every segment).
    case steady
    /// Replaces: finger off the lens facing a lit scene, R ≈ G ≈ B (60–140 counts) with scene noise, no pulse.
    case noContactScene(level: ChannelTriple)
    /// Replaces: lens covered or dark, R < 40, no pulse.
    case noContactDark(level: ChannelTriple)
    /// Replaces: ambient light only, flickering at twice the mains frequency (aliased by the frame rate), no pulse.
    case ambientLight(level: ChannelTriple, mainsHz: Double, flickerDepth: Double)
    /// Replaces: the exact same values in every frame (no noise).
    case constant(level: ChannelTriple)
    /// Replaces: white noise of `sd` counts around the steady DC, no pulse.
    case pureNoise(sd: Double)
    /// Red DC raised near 255 so the pulse troughs clip (`saturatedFraction` > 0).
    case saturation(redDC: Double)
    /// Red pulsatile fraction lowered (0.002–0.003: AC < 0.6 counts); green and blue scaled alike.
    case weakSignal(redAcFraction: Double)
    /// Finger pressure change: DC × (1 + change·e), AC fraction × (1 − change·e), e the segment's half-sine envelope.
    case pressureDrift(change: Double)
    /// Half-sine motion burst over the segment: red jumps by `redCounts` (signed) at its peak, green and blue move
    /// `lightLeak` of the way toward `ambient` (light leaking in), and the accelerometer shakes with
    /// `accelerationMs2` peak amplitude.
    case motion(redCounts: Double, lightLeak: Double, ambient: ChannelTriple, accelerationMs2: Double)
    /// No frames at all (camera stall).
    case frameStall
    /// Each frame dropped with this probability (frame rate falls to `1 − probability` of nominal).
    case frameLoss(probability: Double)
    /// Atrial-fibrillation-like rhythm: RR i.i.d. Gaussian around RR₀ with this coefficient of variation.
    case afLike(coefficientOfVariation: Double)

    /// Finger lifted into a typical room: R ≈ G ≈ B ≈ 110 counts.
    public static let fingerLifted = SignalCondition.noContactScene(level: ChannelTriple(red: 115, green: 105, blue: 95))
    /// A typical motion burst: +30 red counts, half-way light leak toward a room at 110 counts, 3 m/s².
    public static let typicalMotion = SignalCondition.motion(
        redCounts: 30, lightLeak: 0.5, ambient: ChannelTriple(all: 110), accelerationMs2: 3)
    /// The AF-like segment (CV 15 %).
    public static let typicalAF = SignalCondition.afLike(coefficientOfVariation: 0.15)

    /// Whether the condition replaces the finger's signal entirely (no pulse in the frames).
    public var replacesSignal: Bool {
        switch self {
        case .noContactScene, .noContactDark, .ambientLight, .constant, .pureNoise: true
        default: false
        }
    }
}
