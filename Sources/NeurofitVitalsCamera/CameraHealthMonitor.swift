import NeurofitVitals
/// Camera health as a pure state machine fed with frame timestamps and wall-clock times: the measured
/// rate per one-second tick of frame time (after a settling second), stalls (no frame, or no frame whose time moves
/// on, for a time-out), the one
/// allowed stall restart, and the 10-second window in which a stalled, unplugged or busy camera must come back.
/// The capture loop acts on its decisions; the unit tests drive it on a virtual clock.
public struct CameraHealthMonitor: Sendable {
    /// What the capture loop must do.
    public enum Decision: Sendable, Equatable {
        /// Nothing.
        case none
        /// The rate stayed low for `lowRateTicks` ticks: drop to the next tier, if there is one.
        case dropTier
        /// No frame for the time-out: restart the stream; `report` for the first stall of a flowing camera
        /// (deliver `interrupted(camera_stalled)`), not for further attempts inside the recovery window.
        case restart(report: Bool)
        /// The camera is gone for good: fail the session with `cameraUnavailable` and this message.
        case fail(String)
    }

    /// The rules.
    public let policy: CameraHealthPolicy
    /// The tier the camera runs at.
    public private(set) var tier: Int
    /// Rate (frames/s) of the last completed tick, nil before the first.
    public private(set) var lastRate: Double?
    /// Stalls of a flowing camera so far.
    public private(set) var stalls = 0
    /// Wall time by which the camera must deliver again, while it is stalled, lost or starting.
    public private(set) var recoveryDeadline: Double?

    private var framesSinceStart = 0
    private var lastActivity: Double
    /// Frame time of the newest frame of this stream whose time moved on.
    private var lastTimestamp: Double?
    private var settledAt: Double?
    private var tickStart: Double?
    private var tickIntervals = 0
    private var lowTicks = 0

    /// A monitor for a camera opened at wall time `now` at `tier`: it must deliver within the recovery window.
    public init(policy: CameraHealthPolicy = CameraHealthPolicy(), tier: Int, now: Double) {
        self.policy = policy
        self.tier = tier
        lastActivity = now
        recoveryDeadline = now + policy.recoveryWindow
    }

    /// The stream was (re)started at wall time `now`: the first frame gets the longer time-out and the settling
    /// second starts over.
    public mutating func streamStarted(now: Double) {
        framesSinceStart = 0
        lastActivity = now
        lastTimestamp = nil
        settledAt = nil
        tickStart = nil
        tickIntervals = 0
        lowTicks = 0
    }

    /// The camera now runs at `tier` (after a drop); the rate is measured afresh.
    public mutating func tierChanged(to tier: Int, now: Double) {
        self.tier = tier
        streamStarted(now: now)
    }

    /// A frame with timestamp `timestamp` (frame time, s) arrived at wall time `now`. A frame whose time does not move
    /// on from the last one's (a clock stuck at one value, a driver stamping every frame 0) is no new frame to the
    /// session, which drops it: it counts as no frame, so a stuck clock ends in a stall, not in a camera held open
    /// for ever.
    public mutating func frameArrived(at timestamp: Double, now: Double) -> Decision {
        if let lastTimestamp, !(timestamp > lastTimestamp) { return idle(now: now) }
        lastTimestamp = timestamp
        framesSinceStart += 1
        lastActivity = now
        recoveryDeadline = nil
        guard let settled = settledAt else {
            settledAt = timestamp + policy.settleSeconds
            return .none
        }
        guard timestamp >= settled else { return .none }
        guard let start = tickStart else {
            tickStart = timestamp
            return .none
        }
        tickIntervals += 1
        guard timestamp - start >= 1 else { return .none }
        let rate = Double(tickIntervals) / (timestamp - start)
        lastRate = rate
        tickStart = timestamp
        tickIntervals = 0
        lowTicks = rate < policy.lowRateFraction * Double(tier) ? lowTicks + 1 : 0
        guard lowTicks >= policy.lowRateTicks else { return .none }
        lowTicks = 0
        return .dropTier
    }

    /// No frame arrived up to wall time `now`.
    public mutating func idle(now: Double) -> Decision {
        if recoveryExpired(now: now) { return Self.notRestored(policy) }
        guard now - lastActivity >= stallTimeout else { return .none }
        return stalled(now: now)
    }

    /// The stream failed in a way that counts as a stall (no frame for the time-out, repeated I/O errors) at wall
    /// time `now`.
    public mutating func stalled(now: Double) -> Decision {
        lastActivity = now
        if recoveryDeadline != nil {
            return recoveryExpired(now: now) ? Self.notRestored(policy) : .restart(report: false)
        }
        if stalls >= 1 { return .fail("The camera stopped delivering frames a second time") }
        stalls += 1
        recoveryDeadline = now + policy.recoveryWindow
        return .restart(report: true)
    }

    /// The camera was unplugged or taken by another process at wall time `now`. Returns whether this starts a
    /// recovery (deliver `interrupted(camera_lost)`) rather than continuing one.
    public mutating func lost(now: Double) -> Bool {
        lastActivity = now
        guard recoveryDeadline == nil else { return false }
        recoveryDeadline = now + policy.recoveryWindow
        return true
    }

    /// Whether the recovery window has closed at wall time `now`.
    public func recoveryExpired(now: Double) -> Bool {
        recoveryDeadline.map { now >= $0 } ?? false
    }

    private static func notRestored(_ policy: CameraHealthPolicy) -> Decision {
        .fail("The camera was not restored within \(Int(policy.recoveryWindow)) s")
    }

    /// Wall time without a frame that counts as a stall now.
    public var stallTimeout: Double {
        framesSinceStart == 0 ? policy.firstFrameTimeout
            : max(policy.minimumStallTimeout, policy.stallPeriods / Double(max(tier, 1)))
    }
}
