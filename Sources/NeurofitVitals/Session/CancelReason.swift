/// Why a reading was abandoned: the public reason and the detail token.
public struct CancelReason: Sendable, Equatable {
    /// The public reason.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// The fingertip left the camera.
        case contactLost
        /// The signal was too poor to finish a reliable reading.
        case poorSignal
        /// The capture was interrupted or reconfigured; the session resumes on its own.
        case interrupted
        /// The host cancelled the reading.
        case cancelledByApp
    }

    /// The public reason.
    public let kind: Kind
    /// The detail token: `contact_lost`, `low_quality`, `low_live_signal_quality`, `no_low_discard_estimate`,
    /// `too_regular`, `camera_reconfigured`, `camera_stalled`, `camera_lost`, `timestamp_jump`, or the host's
    /// reason string.
    public let detail: String

    /// Contact lost for `contactLossPreviews` consecutive previews.
    public static let contactLost = CancelReason(kind: .contactLost, detail: "contact_lost")
    /// Too many bad quality checks in the cancel window.
    public static let lowQuality = CancelReason(kind: .poorSignal, detail: "low_quality")
    /// Too many consecutive withheld live estimates.
    public static let lowLiveSignalQuality = CancelReason(kind: .poorSignal, detail: "low_live_signal_quality")
    /// No live estimate below the discard threshold by the deadline.
    public static let noLowDiscardEstimate = CancelReason(kind: .poorSignal, detail: "no_low_discard_estimate")
    /// The beats are more regular than a heart's (`FinalAnalyzer.minimumVariation`): a flickering light or a
    /// fixture with a fixed period; the final analysis would refuse the reading as `too_regular`.
    public static let tooRegular = CancelReason(kind: .poorSignal, detail: "too_regular")
    /// The camera dropped to a lower frame-rate tier.
    public static let cameraReconfigured = CancelReason(kind: .interrupted, detail: "camera_reconfigured")
    /// The camera stopped delivering frames and is being restarted.
    public static let cameraStalled = CancelReason(kind: .interrupted, detail: "camera_stalled")
    /// The camera was unplugged or taken by another process.
    public static let cameraLost = CancelReason(kind: .interrupted, detail: "camera_lost")

    /// Frame timestamps jumped forward by more than `ReadingStateMachine.maximumTimestampJumpSeconds` while
    /// measuring: a broken clock or a long pause, not a reading of the configured duration.
    public static let timestampJump = CancelReason(kind: .interrupted, detail: "timestamp_jump")

    /// The host's cancel with its own reason string.
    public static func host(_ reason: String) -> CancelReason {
        CancelReason(kind: .cancelledByApp, detail: reason)
    }
}
