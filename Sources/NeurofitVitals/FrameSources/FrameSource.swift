import PpgCore

/// What a source hands its session, in order, on any thread.
public enum SourceItem: Sendable, Equatable {
    /// One frame reduced to channel means.
    case frame(FrameSample)
    /// One accelerometer sample.
    case motion(MotionSample)
    /// A host cancel recorded in a recording, applied after the frames before it (replay only).
    case hostCancel(reason: String)
    /// A host auto-start switch recorded in a recording (replay only).
    case autoStart(Bool)
    /// The camera's operating point changed (torch, exposure, format), from the next frame on.
    case captureSettings(CaptureSettings)
    /// The input ended (end of a file); the session stops.
    case ended
    /// The source cannot go on; the session fails with this error.
    case failed(VitalsError)
    /// Camera health: a reading in progress is cancelled with `reason`; `tier` is set when the camera dropped to a
    /// lower frame-rate tier.
    case interrupted(CancelReason, tier: Int?)
}

/// Facts about a source that the session and its events need.
public struct SourceInfo: Sendable, Equatable {
    /// What kind of source this is (`camera`, `hostFrames`, `replay`, `simulated`).
    public var kind: String
    /// The frame-rate tier the source runs at (for `frameDrop` and cancel contexts).
    public var fpsTier: Int
    /// The camera's name and bus id, or a description of the source (cancel contexts, recordings).
    public var deviceModel: String
    /// Whether using the source requires an activated license: live measurement (camera, host frames) does; the
    /// simulated finger and replays of files do not (docs/license-keys.md).
    public var requiresLicense: Bool
    /// Whether the first second after the source (re)starts is discarded while exposure settles (cameras).
    public var discardsSettlingSecond: Bool
    /// Whether the source can produce faster than the session consumes (files, the simulator in fast mode): its
    /// deliveries then wait for room in the session's queue instead of piling up.
    public var canRunAhead: Bool
    /// For replays: the recorded session's id and the wall-clock time (Unix seconds) of its first frame, so the
    /// replayed result carries the same `id` and `capturedAt` as the live one.
    public var recordedIdentity: (id: String, firstFrameWallTime: Double)?
    /// Where the source's motion samples come from unless it reads an accelerometer itself (which its capture settings
    /// then name): `host` (submitted by the host), `simulated` (the simulator's own); a replay says what the recorded
    /// session's did. Reported as the result's `motion_source` when samples arrived.
    public var motionOrigin = "host"

    public static func == (lhs: SourceInfo, rhs: SourceInfo) -> Bool {
        lhs.kind == rhs.kind && lhs.fpsTier == rhs.fpsTier && lhs.deviceModel == rhs.deviceModel
            && lhs.requiresLicense == rhs.requiresLicense && lhs.discardsSettlingSecond == rhs.discardsSettlingSecond
            && lhs.canRunAhead == rhs.canRunAhead && lhs.recordedIdentity?.id == rhs.recordedIdentity?.id
            && lhs.recordedIdentity?.firstFrameWallTime == rhs.recordedIdentity?.firstFrameWallTime
            && lhs.motionOrigin == rhs.motionOrigin
    }

    /// Creates source facts.
    public init(kind: String, fpsTier: Int, deviceModel: String, requiresLicense: Bool = true,
                discardsSettlingSecond: Bool = true, canRunAhead: Bool = false) {
        self.kind = kind
        self.fpsTier = fpsTier
        self.deviceModel = deviceModel
        self.requiresLicense = requiresLicense
        self.discardsSettlingSecond = discardsSettlingSecond
        self.canRunAhead = canRunAhead
    }
}

/// A producer of frame samples for one session: the camera, host frames, a replay or the simulated
/// finger. The session opens it on `start` and closes it when it no longer needs frames; a source may be opened
/// again after a close (start after a cancel without auto-restart).
public protocol FrameSource: AnyObject, Sendable {
    /// Facts about the source.
    var info: SourceInfo { get }
    /// Starts producing. `deliver` may be called from any thread, one call at a time, until `close` returns.
    /// - Throws: the error code that fits when the source cannot open (permission, busy, missing file…).
    func open(delivering deliver: @escaping @Sendable (SourceItem) -> Void) throws(VitalsError)
    /// Stops producing. Idempotent; after it returns `deliver` is not called again.
    func close()
    /// A reading started ("lock exposure where possible"): hold the capture settings fixed until it ends.
    /// Called on the session's worker thread while the source is open; must not block.
    func readingDidStart()
    /// The reading in progress was abandoned (a cancel "unlocks exposure"): the capture settings may
    /// adapt again. Called on the session's worker thread; must not block.
    func readingDidEnd()
    /// Whether the session sees a finger on the lens changed (from its guidance while positioning). Called on the
    /// session's worker thread; must not block.
    func fingerContactDidChange(_ contact: Bool)
}

extension FrameSource {
    /// Sources without adjustable capture settings ignore the start of a reading.
    public func readingDidStart() {}
    /// Sources without adjustable capture settings ignore the end of a reading.
    public func readingDidEnd() {}
    /// Sources without adjustable capture settings ignore finger contact.
    public func fingerContactDidChange(_ contact: Bool) {}
}
