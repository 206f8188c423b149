/// Which colour channel a reading's pulse is read from, chosen once per reading.
///
/// Eligible channels have a DC in `20…250` counts, fewer than 5 % clipped frames and a spectrum. Channels are ranked
/// by their mean quality score (spectral concentration and beat-template consistency: a pulse, not merely power in
/// the band, which a slow artifact can supply). Red keeps the choice while eligible and within `preferRedMargin` of
/// the best; otherwise the best eligible channel wins; when none is eligible, the best channel with light.
public struct ChannelChoice: Sendable, Equatable {
    /// Per-channel figures the choice is made from.
    public struct Candidate: Sendable, Equatable {
        /// The channel.
        public var channel: PulseChannel
        /// Mean level, counts.
        public var dc: Double
        /// Share of frames at or above the clip level in this channel.
        public var clippedFraction: Double
        /// Mean quality score of the channel's windows (nil without a spectrum).
        public var score: Double?

        /// Creates a candidate.
        public init(channel: PulseChannel, dc: Double, clippedFraction: Double, score: Double?) {
            self.channel = channel
            self.dc = dc
            self.clippedFraction = clippedFraction
            self.score = score
        }

        /// DC in the usable range, little clipping and a spectrum.
        var isEligible: Bool { ChannelChoice.hasUsableLevel((dc, clippedFraction)) && score != nil }
    }

    /// Whether a channel's level (mean counts, share of clipped frames) allows reading a pulse from it: DC in
    /// `20…250` and fewer than 5 % clipped frames.
    public static func hasUsableLevel(_ level: (dc: Double, clipped: Double)) -> Bool {
        level.dc > 20 && level.dc < 250 && level.clipped < 0.05
    }

    /// Quality-score advantage another channel needs to replace an eligible red.
    public static let preferRedMargin = 0.1

    /// The chosen channel.
    public var channel: PulseChannel
    /// Whether red was passed over because it was clipped or flat while another channel carried the pulse.
    public var redUnusable: Bool

    /// Chooses among `candidates` (one per channel, any order).
    public init(candidates: [Candidate]) {
        let red = candidates.first { $0.channel == .red }
        let eligible = candidates.filter(\.isEligible)
        let bestEligible = eligible.max { ($0.score ?? -1) < ($1.score ?? -1) }
        if let red, red.isEligible, (red.score ?? -1) + Self.preferRedMargin >= (bestEligible?.score ?? -1) {
            self.init(channel: .red, redUnusable: false)
        } else if let bestEligible {
            self.init(channel: bestEligible.channel, redUnusable: !(red?.isEligible ?? false))
        } else {
            let lit = candidates.filter { $0.dc > 1 && $0.score != nil }
            let best = lit.max { ($0.score ?? -1) < ($1.score ?? -1) }
            self.init(channel: best?.channel ?? .red, redUnusable: false)
        }
    }

    /// Creates a choice directly.
    public init(channel: PulseChannel, redUnusable: Bool) {
        self.channel = channel
        self.redUnusable = redUnusable
    }

    /// The choice moved to `channel` (the channel whose spectrum or beats carry the reading instead): red stays
    /// passed over, unless `channel` is red.
    func moved(to channel: PulseChannel) -> ChannelChoice {
        ChannelChoice(channel: channel, redUnusable: redUnusable && channel != .red)
    }
}
