import NeurofitVitals
/// Picks the frame-rate tier and capture mode: the first tier of the ladder that a
/// **native** mode this library can capture reaches at width ≥ `minimumWidth`, with a rate of at least
/// `tier − 0.5`; among the modes that reach it, YUV before MJPEG, then the smallest frame, then the lowest fourcc.
public struct FpsTierSelector: Sendable {
    /// The default ladder of `fpsTiers`.
    public static let defaultTiers = [60, 30, 20]
    /// The narrowest frame the extractor accepts ("at 640 px").
    public static let defaultMinimumWidth = 640

    /// Tiers in the order they are tried (the configuration's `fpsTiers` as given).
    public let tiers: [Int]
    /// Narrowest usable width in pixels.
    public let minimumWidth: Int

    /// A selector that tries `tiers` in the order given for frames at least `minimumWidth` wide.
    public init(tiers: [Int] = FpsTierSelector.defaultTiers, minimumWidth: Int = FpsTierSelector.defaultMinimumWidth) {
        self.tiers = tiers
        self.minimumWidth = minimumWidth
    }

    /// A tier and the mode that reaches it.
    public struct Choice: Sendable, Equatable {
        /// Frame-rate tier (frames/s).
        public var tier: Int
        /// The mode to configure.
        public var mode: CameraMode

        /// Creates a choice.
        public init(tier: Int, mode: CameraMode) {
            self.tier = tier
            self.mode = mode
        }
    }

    /// Whether frames of `mode` can be reduced to samples by this library (native YUV it reads in place, MJPEG it
    /// decodes; not Bayer, RGB or emulated formats).
    public static func isCapturable(_ mode: CameraMode) -> Bool {
        !mode.isEmulated && (mode.format.reducerFormat != nil || mode.format.family == .mjpeg)
    }

    /// The first tier of the ladder reachable with `modes`, or nil when none is.
    public func choose(from modes: [CameraMode]) -> Choice? {
        choose(from: modes, tiers: tiers)
    }

    /// A tier drop from `tier`: the first tier after it in the ladder that is lower and that `modes` reach, or nil
    /// when there is none.
    public func choose(from modes: [CameraMode], below tier: Int) -> Choice? {
        let later = tiers.firstIndex(of: tier).map { tiers[($0 + 1)...] } ?? tiers[...]
        return choose(from: modes, tiers: later.filter { $0 < tier })
    }

    private func choose(from modes: [CameraMode], tiers: some Sequence<Int>) -> Choice? {
        let usable = modes.filter { Self.isCapturable($0) && $0.width >= minimumWidth }
        for tier in tiers {
            let reaching = usable.filter { $0.maxFps >= Double(tier) - 0.5 }
            if let best = reaching.min(by: Self.isPreferred) { return Choice(tier: tier, mode: best) }
        }
        return nil
    }

    /// Why no tier was found, for `DeviceSupport.reason` and `unsupportedDevice` (the documented wording where it
    /// applies).
    public func unsupportedReason(for modes: [CameraMode]) -> String {
        let native = modes.filter { !$0.isEmulated }
        if !native.isEmpty, native.allSatisfy({ $0.format.family == .bayer }) {
            return "The camera delivers raw Bayer frames only (it needs libcamera's image pipeline)"
        }
        let lowest = tiers.min() ?? 20
        return "No capture format reaches \(lowest) fps at \(minimumWidth) px"
    }

    private static func isPreferred(_ lhs: CameraMode, _ rhs: CameraMode) -> Bool {
        if lhs.format.family != rhs.format.family { return lhs.format.family < rhs.format.family }
        if lhs.area != rhs.area { return lhs.area < rhs.area }
        if lhs.format != rhs.format { return lhs.format < rhs.format }
        return lhs.maxFps > rhs.maxFps
    }
}
