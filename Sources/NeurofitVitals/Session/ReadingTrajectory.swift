import PpgCore

/// How the live signal evolved during the attempt that produced a result, from its measuring previews: the quality
/// at 15 s and 30 s, the first 15 s summarised, the live estimates counted, and the previews under the frame-drop
/// floor. Encoded into the result's diagnostics (`Wire/ReadingResult+Wire.swift`).
public struct ReadingTrajectory: Sendable, Equatable {
    /// The "early" part of the reading: previews up to this many seconds in.
    public static let earlySeconds = 15.0

    /// Quality score of the first scored preview at or after 15 s; nil if none.
    public private(set) var qualityAt15s: Double?
    /// Quality score of the first scored preview at or after 30 s; nil if none.
    public private(set) var qualityAt30s: Double?
    /// Quality scores of the scored previews of the first 15 s.
    public private(set) var earlyQualityScores: [Double] = []
    /// Pulse amplitudes of the previews of the first 15 s.
    public private(set) var earlyAmplitudes: [Double] = []
    /// Discard ratios of the live estimates of the first 15 s (accepted and withheld).
    public private(set) var earlyDiscardRatios: [Double] = []
    /// One flag per live estimate, in order: true when it was withheld.
    public private(set) var withheldSequence: [Bool] = []
    /// Measuring previews whose measured frame rate was below the frame-drop floor.
    public private(set) var frameDropPreviews = 0

    /// An empty trajectory (a reading that just started).
    public init() {}

    /// Records one measuring preview `elapsed` seconds after the tick that opened the start gate (where the live
    /// analysis restarted; a reading begun on a faint pulse's evidence began earlier, but had no previews then);
    /// `frameDropFloor` is the frame rate below which the camera counts as dropping frames.
    mutating func record(_ tick: LiveTick, elapsed: Double, frameDropFloor: Double) {
        if let score = tick.qualityScore {
            if elapsed >= 15, qualityAt15s == nil { qualityAt15s = score }
            if elapsed >= 30, qualityAt30s == nil { qualityAt30s = score }
        }
        if elapsed <= Self.earlySeconds {
            if let score = tick.qualityScore { earlyQualityScores.append(score) }
            earlyAmplitudes.append(tick.amplitude)
            if let ratio = tick.estimate.discardRatio { earlyDiscardRatios.append(ratio) }
        }
        switch tick.estimate {
        case .none: break
        case .withheld: withheldSequence.append(true)
        case .accepted: withheldSequence.append(false)
        }
        if tick.measuredFps < frameDropFloor { frameDropPreviews += 1 }
    }

    /// The longest run of consecutive withheld live estimates.
    public var longestWithheldRun: Int {
        var longest = 0
        var run = 0
        for withheld in withheldSequence {
            run = withheld ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }

    /// How many live estimates were withheld.
    public var withheldEstimates: Int { withheldSequence.count { $0 } }
}
