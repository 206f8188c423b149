/// How the live analyzer picks the colour channel it reads the pulse from. Red carries the pulse best under a torch,
/// but not on every camera: red may sit clipped at 255 (or at 252–254 with a pulse of a tenth of a count) while
/// green carries it, and some sensors read green above red through a fingertip. The analyzer reads red until its
/// level is unusable, or its quality or amplitude fails, while a usable channel reads clearly better.
enum LiveChannelChoice {
    /// Channels the pulse may be read from, in order of preference.
    static let candidates: [PulseChannel] = [.red, .green]
    /// Score advantage another channel needs to replace a usable current channel.
    static let switchMargin = 0.1
    /// Fitness (quality score, plus one with enough amplitude) from which the current channel is not second-guessed:
    /// enough amplitude and a passing score.
    static let fitnessOfAGoodChannel = 1 + QualityScore.passThreshold
    /// Level counted as clipped, counts.
    static let clipLevel = 250.0
}
