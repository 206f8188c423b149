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
    /// `camera_reconfigured`, `camera_stalled`, `camera_lost`, or the host's reason string.
    public let detail: String

    /// Contact lost for `contactLossPreviews` consecutive previews.
    public static let contactLost = CancelReason(kind: .contactLost, detail: "contact_lost")
    /// Too many bad quality checks in the cancel window.
    public static let lowQuality = CancelReason(kind: .poorSignal, detail: "low_quality")
    /// Too many consecutive withheld live estimates.
    public static let lowLiveSignalQuality = CancelReason(kind: .poorSignal, detail: "low_live_signal_quality")
    /// No live estimate below the discard threshold by the deadline.
    public static let noLowDiscardEstimate = CancelReason(kind: .poorSignal, detail: "no_low_discard_estimate")
    /// The camera dropped to a lower frame-rate tier.
    public static let cameraReconfigured = CancelReason(kind: .interrupted, detail: "camera_reconfigured")
    /// The camera stopped delivering frames and is being restarted.
    public static let cameraStalled = CancelReason(kind: .interrupted, detail: "camera_stalled")
    /// The camera was unplugged or taken by another process.
    public static let cameraLost = CancelReason(kind: .interrupted, detail: "camera_lost")

    /// The host's cancel with its own reason string.
    public static func host(_ reason: String) -> CancelReason {
        CancelReason(kind: .cancelledByApp, detail: reason)
    }
}
