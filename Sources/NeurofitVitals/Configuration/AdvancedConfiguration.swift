import PpgCore

/// Capture and gating parameters (the `advanced` block of the configuration), defaulting to the iOS production values
/// of the reference behaviour (docs/configuration.md). Apart from the rules `VitalsConfiguration.validate()` applies,
/// changing them is unvalidated, as in the reference SDKs.
public struct AdvancedConfiguration: Sendable, Equatable {
    // Contact and signal

    /// Pulse amplitude below which positioning shows `weakSignal`; half of it while the quality window shows the
    /// pulse cleanly (a weak pulse that clean is readable). Default 0.5 (`LiveStartRule.standard`).
    public var minAmplitude: Double = LiveStartRule.standard.minimumAmplitude
    /// Fraction of contact evidence needed to enter contact. Default 0.5.
    public var contactEnterFrac: Double = 0.5
    /// Fraction of contact evidence below which contact is lost. Default 0.5.
    public var contactExitFrac: Double = 0.5

    // Start gate

    /// Length of the start gate's window, seconds. Default 3.0: with one preview a second and every one required
    /// (`startRequiredFraction` 1), the `LiveStartRule.standard` run of ticks in a row.
    public var startWindowSeconds: Double = Double(LiveStartRule.standard.ticksInARow)
    /// Share of eligible previews the start window needs. Default 1.0.
    public var startRequiredFraction: Double = 1.0
    /// Quality score a preview needs to be eligible. Default 0.5 (`LiveStartRule.standard`).
    public var startQualityFloor: Double = LiveStartRule.standard.qualityFloor
    /// Whether the start waits for the exposure tuner to settle. Default false.
    public var requireExposureConverged: Bool = false
    /// Longest wait for exposure to settle before a start is allowed anyway, seconds. Default 15.0.
    public var startMaxWaitSeconds: Double = 15.0
    /// Seconds of sample time positioning may last without a reading starting before the session fails; nil or 0:
    /// no limit (the default, as in the reference SDKs).
    public var positioningTimeoutSeconds: Double?

    // Cancel gates

    /// Window of the low-quality cancel, seconds. Default 12.0.
    public var cancelWindowSeconds: Double = 12.0
    /// Quality samples the low-quality cancel needs in its window. Default 8.
    public var cancelMinSamples: Int = 8
    /// Share of failed quality samples that cancels. Default 0.6.
    public var cancelBadFraction: Double = 0.6
    /// Consecutive withheld live estimates that cancel (observe only in practice). Default 100.
    public var liveSqCancelConsecutive: Int = 100
    /// Consecutive previews without contact that cancel. Default 3.
    public var contactLossPreviews: Int = 3
    /// Preview by which a live estimate with a low discard ratio must have been seen. Default 35.
    public var liveDiscardGateSeconds: Int = 35
    /// Discard ratio a live estimate must stay below to clear that gate. Default 0.5.
    public var liveDiscardGateThreshold: Double = 0.5

    // Exposure

    /// Whether camera sessions tune and lock a manual exposure (where the camera offers one); false leaves the
    /// camera on its automatic exposure. Default true on Linux, as on Android: a webcam's automatic exposure clips
    /// a fingertip lit by its torch (docs/configuration.md).
    public var exposureTunerEnabled: Bool = true
    /// Red DC level the tuner aims at, 8-bit counts. Default 150.
    public var exposureTargetDc: Double = 150
    /// Lower edge of the accepted red DC band. Default 120.
    public var exposureDcMin: Double = 120
    /// Upper edge of the accepted red DC band. Default 210.
    public var exposureDcMax: Double = 210
    /// Frames per tuner step. Default 15.
    public var exposureTuneFramesPerStep: Int = 15
    /// Most tuner steps. Default 8.
    public var exposureTuneMaxSteps: Int = 8
    /// Gamma of the tuner's exposure model. Default 1.0.
    public var exposureTuneGamma: Double = 1.0
    /// Cancels after which the tuner stops retuning. Default 2.
    public var exposureTunerMaxCancels: Int = 2

    // Engine finalize

    /// Whether the final analysis runs the consistency gate. Default true.
    public var consistencyGate: Bool = true
    /// Whether the consistency gate corrects merged intervals. Default true.
    public var mergedIntervalFix: Bool = true
    /// The Android estimator (no effect in this library, carried for parity). Default false.
    public var androidEstimator: Bool = false

    // Frame rate

    /// Frame-rate tiers tried in order; the session drops a tier on sustained frame drop. Default [60, 30, 20].
    public var fpsTiers: [Int] = [60, 30, 20]

    /// The iOS production defaults.
    public init() {}
}
