import NeurofitVitals
import Glibc

/// The exposure tuner (the reference Android behaviour): measures the red DC over steps of
/// `framesPerStep` frames (ignoring the first `discardFrames` of each), locks as soon as a step's mean lies in the
/// band, otherwise scales the sensitivity by `(target / mean)^(1/gamma)` (½ when clipped, ×8 when black) — exposure
/// up to the frame-rate cap first, then gain; too bright at minimum exposure and gain, the torch intensity down —
/// and after `maxSteps` steps, or at a control limit, keeps the step closest to the target without locking. It tunes again when a finger arrives (`restart`) and after a cancelled
/// reading (`retune`, at most `settings.maxRetunes` times). Pure: no I/O and no clock, so it runs the same on a
/// virtual camera.
public struct ExposureTuner: Sendable {
    /// Where the tuner stands.
    public enum Status: Sendable, Equatable {
        /// Still measuring.
        case tuning
        /// A step landed in the band: exposure is locked.
        case locked
        /// Out of steps or at a control limit: the best step is kept, exposure is not locked.
        case bestEffort
    }

    /// Share of saturated pixels above which a step counts as clipped.
    public static let clippedPixelShare = 0.05
    /// Mean red from which a step counts as clipped.
    public static let clippedMean = 250.0
    /// Mean red below which a step counts as black.
    public static let blackMean = 2.0

    /// Parameters.
    public let settings: ExposureTunerSettings
    /// Control limits at the current frame rate.
    public let limits: ExposureLimits
    /// The setting in force.
    public private(set) var current: ExposureSetting
    /// Where the tuner stands.
    public private(set) var status: Status = .tuning
    /// Completed measurement steps, over every tuning run.
    public private(set) var steps = 0
    /// Tuning runs started again after a cancelled reading.
    public private(set) var retunes = 0
    /// Mean red of the last completed step.
    public private(set) var lastMean: Double?

    private var stepsThisRun = 0
    private var frameInStep = 0
    private var redSum = 0.0
    private var saturatedSum = 0.0
    private var best: (setting: ExposureSetting, mean: Double)?

    /// A tuner starting from the camera's exposure `start` at minimum gain, the exposure capped by the frame rate
    /// (its first step), and the torch at `start.torchIntensity` (within `limits.torchIntensity`).
    public init(settings: ExposureTunerSettings = ExposureTunerSettings(), limits: ExposureLimits,
                start: ExposureSetting) {
        self.settings = settings
        self.limits = limits
        let exposure = min(max(start.exposure, limits.exposure.lowerBound), limits.exposureCap)
        let torch = limits.torchIntensity.flatMap { range in
            start.torchIntensity.map { min(max($0, range.lowerBound), range.upperBound) }
        }
        current = ExposureSetting(exposure: exposure, gain: limits.gain?.lowerBound, torchIntensity: torch)
    }

    /// Whether the band contains the last completed step's mean.
    public var isInBand: Bool? { lastMean.map { settings.band.contains($0) } }

    /// Feeds one frame's red mean and saturated share; returns the setting to apply when a step ends with a change.
    public mutating func observe(red: Double, saturatedFraction: Double) -> ExposureSetting? {
        guard status == .tuning else { return nil }
        frameInStep += 1
        if frameInStep > settings.discardFrames {
            redSum += red
            saturatedSum += saturatedFraction
        }
        guard frameInStep >= max(settings.framesPerStep, settings.discardFrames + 1) else { return nil }
        let counted = Double(frameInStep - settings.discardFrames)
        let mean = redSum / counted
        let saturated = saturatedSum / counted
        discardPartialStep()
        return finishStep(mean: mean, saturated: saturated)
    }

    /// Tunes again from the setting in force after a cancelled reading (the finger or the light may have changed).
    /// A run still in progress only restarts its step. Returns false when the retune budget is spent.
    public mutating func retune() -> Bool {
        guard status != .tuning else {
            restart()
            return true
        }
        guard retunes < settings.maxRetunes else { return false }
        retunes += 1
        restart()
        return true
    }

    /// Starts a new tuning run from the setting in force, outside the retune budget (a finger arrived: what was
    /// tuned before may have been the empty scene). A run in progress only restarts its step.
    public mutating func restart() {
        discardPartialStep()
        guard status != .tuning else { return }
        status = .tuning
        stepsThisRun = 0
        best = nil
    }

    private mutating func discardPartialStep() {
        frameInStep = 0
        redSum = 0
        saturatedSum = 0
    }

    private mutating func finishStep(mean: Double, saturated: Double) -> ExposureSetting? {
        steps += 1
        stepsThisRun += 1
        lastMean = mean
        if best == nil || abs(mean - settings.targetDc) < abs(best!.mean - settings.targetDc) {
            best = (current, mean)
        }
        if settings.band.contains(mean) {
            status = .locked
            return nil
        }
        if stepsThisRun >= settings.maxSteps { return settleOnBest() }
        let factor = ratio(mean: mean, saturated: saturated)
        var next = limits.setting(forSensitivity: limits.sensitivity(of: current) * factor)
        next.torchIntensity = current.torchIntensity
        if next == current, factor < 1 { next = dimmedTorch(by: factor) ?? next }
        guard next != current else {
            status = .bestEffort
            return nil
        }
        current = next
        return next
    }

    /// The setting in force with the torch dimmed by `factor` (at least one step), or nil when it cannot be dimmed.
    private func dimmedTorch(by factor: Double) -> ExposureSetting? {
        guard let range = limits.torchIntensity, let intensity = current.torchIntensity,
              intensity > range.lowerBound else { return nil }
        var dimmed = current
        dimmed.torchIntensity = max(range.lowerBound, min(intensity - 1, Int((Double(intensity) * factor).rounded())))
        return dimmed
    }

    private func ratio(mean: Double, saturated: Double) -> Double {
        if mean >= Self.clippedMean || saturated > Self.clippedPixelShare { return 0.5 }
        if mean < Self.blackMean { return 8 }
        return pow(settings.targetDc / mean, 1 / max(settings.gamma, 0.1))
    }

    private mutating func settleOnBest() -> ExposureSetting? {
        status = .bestEffort
        guard let best, best.setting != current else { return nil }
        current = best.setting
        lastMean = best.mean
        return best.setting
    }
}
