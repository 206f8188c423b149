/// Estimates the breathing rate of one analysis window from the pulse (RIFV, RIAV, RIIV with smart fusion) and,
/// when enabled, the accelerometer; picks the value to report and its tier.
public struct BreathingRateEstimator: Sendable {
    /// The parameters in use.
    public var configuration: BreathingConfiguration

    /// Creates an estimator.
    public init(configuration: BreathingConfiguration = BreathingConfiguration()) {
        self.configuration = configuration
    }

    /// Analyses the beats and motion inside the input's window.
    public func analyze(_ input: BreathingInput) -> BreathingAnalysis {
        let window = input.windowStart...max(input.windowEnd, input.windowStart)
        let beats = input.beats.filter { window.contains($0.time) }
        let camera = PulseBreathingChannel(configuration: configuration)
            .estimate(beats: beats, windowSeconds: input.windowSeconds)
        guard configuration.motionBreathing else {
            return BreathingAnalysis(rate: cameraRate(camera), camera: camera, motion: nil, motionSamples: 0)
        }
        let samples = input.motion.filter { window.contains($0.timestamp) }
        let motion = MotionBreathingChannel(configuration: configuration)
            .estimate(samples: samples, windowStart: input.windowStart)
        return BreathingAnalysis(rate: reportedRate(camera: camera, motion: motion), camera: camera,
                                 motion: motion, motionSamples: samples.count)
    }

    /// The motion rate when the accelerometer is trusted (tier `high`), else the camera rate.
    private func reportedRate(camera: CameraBreathingEstimate?, motion: MotionBreathingEstimate?) -> BreathingRate? {
        guard let motion, isTrusted(motion, camera: camera) else { return cameraRate(camera) }
        return BreathingRate(brpm: motion.brpm, confidence: max(motion.concentration, camera?.confidence ?? 0),
                             tier: .high)
    }

    /// Concentrated enough, and within `motionAgreementBrpm` of the camera when the camera has an estimate.
    private func isTrusted(_ motion: MotionBreathingEstimate, camera: CameraBreathingEstimate?) -> Bool {
        guard motion.concentration >= configuration.motionMinimumConcentration else { return false }
        guard let camera else { return true }
        return abs(motion.brpm - camera.brpm) <= configuration.motionAgreementBrpm
    }

    private func cameraRate(_ camera: CameraBreathingEstimate?) -> BreathingRate? {
        camera.map { camera in
            BreathingRate(brpm: camera.brpm, confidence: camera.confidence,
                          tier: camera.confidence >= configuration.mediumConfidence ? .medium : .low)
        }
    }
}
