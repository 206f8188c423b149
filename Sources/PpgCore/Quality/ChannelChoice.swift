/// Which colour channel a reading's pulse is read from (ALGORITHMS §2.3), chosen once per reading.
///
/// Eligible channels have a DC in `20…250` counts and fewer than 5 % clipped frames; among them the highest
/// reading-level SNR wins, red keeping the choice unless another channel beats it by `preferRedMarginDb`. When no
/// channel is eligible the brightest-SNR channel with any light is used.
public struct ChannelChoice: Sendable, Equatable {
    /// Per-channel figures the choice is made from.
    public struct Candidate: Sendable, Equatable {
        /// The channel.
        public var channel: PulseChannel
        /// Mean level, counts.
        public var dc: Double
        /// Share of frames at or above the clip level in this channel.
        public var clippedFraction: Double
        /// Reading-level SNR of the band-passed channel, dB (nil without a spectrum).
        public var snrDb: Double?

        /// Creates a candidate.
        public init(channel: PulseChannel, dc: Double, clippedFraction: Double, snrDb: Double?) {
            self.channel = channel
            self.dc = dc
            self.clippedFraction = clippedFraction
            self.snrDb = snrDb
        }

        /// DC in the usable range and little clipping.
        var isEligible: Bool { dc > 20 && dc < 250 && clippedFraction < 0.05 && snrDb != nil }
    }

    /// SNR advantage (dB) another channel needs to replace red.
    public static let preferRedMarginDb = 3.0

    /// The chosen channel.
    public var channel: PulseChannel
    /// Whether red was passed over because it was clipped or flat while another channel carried the pulse.
    public var redUnusable: Bool

    /// Chooses among `candidates` (one per channel, any order).
    public init(candidates: [Candidate]) {
        let red = candidates.first { $0.channel == .red }
        let eligible = candidates.filter(\.isEligible)
        let bestEligible = eligible.max { ($0.snrDb ?? -99) < ($1.snrDb ?? -99) }
        if let red, red.isEligible,
           (red.snrDb ?? -99) + Self.preferRedMarginDb >= (bestEligible?.snrDb ?? -99) {
            self.init(channel: .red, redUnusable: false)
        } else if let bestEligible {
            self.init(channel: bestEligible.channel, redUnusable: !(red?.isEligible ?? false))
        } else {
            let lit = candidates.filter { $0.dc > 1 && $0.snrDb != nil }
            let best = lit.max { ($0.snrDb ?? -99) < ($1.snrDb ?? -99) }
            self.init(channel: best?.channel ?? .red, redUnusable: false)
        }
    }

    /// Creates a choice directly.
    public init(channel: PulseChannel, redUnusable: Bool) {
        self.channel = channel
        self.redUnusable = redUnusable
    }
}
