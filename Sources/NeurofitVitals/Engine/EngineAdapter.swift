import PpgCore

/// The PpgCore engine as a session drives it: the live analyzer frame by frame, the final analyzer at the end.
public struct EngineAdapter: ReadingEngine {
    private var live: LiveAnalyzer
    private let liveOptions: LiveOptions
    private let final: FinalAnalyzer

    /// An engine for a session with `configuration` reading from a source running at `source.fpsTier`.
    public init(configuration: VitalsConfiguration, source: SourceInfo) {
        var liveOptions = LiveOptions()
        liveOptions.contactEnterFraction = configuration.advanced.contactEnterFrac
        liveOptions.contactExitFraction = configuration.advanced.contactExitFrac
        liveOptions.motionBreathing = configuration.motionBreathing
        liveOptions.minimumAmplitude = configuration.advanced.minAmplitude
        liveOptions.maximumFramesPerSecond = Double(max(source.fpsTier, 60)) * 2
        self.liveOptions = liveOptions
        live = LiveAnalyzer(options: liveOptions)
        final = FinalAnalyzer(options: AnalysisOptions(configuration))
    }

    public mutating func reset() {
        live.reset()
    }

    public mutating func restart() {
        live = LiveAnalyzer(options: liveOptions)
    }

    public mutating func push(_ frame: FrameSample) -> (beats: [Double?], tick: SignalTick?) {
        let step = live.push(frame)
        return (step.beats.map(\.ibiMs), step.tick.map(signalTick))
    }

    public mutating func push(_ motion: MotionSample) {
        live.push(motion)
    }

    public func finalize(frames: [FrameSample], motion: [MotionSample], id: String, capturedAt: String)
        -> Result<ReadingResult, VitalsError> {
        switch final.analyze(frames: frames, motion: motion) {
        case .success(let analysis):
            return .success(ReadingResult(analysis, id: id, capturedAt: capturedAt))
        case .failure(let error):
            return .failure(VitalsError(.noHeartRate, error.message))
        }
    }

    /// The state machine's view of a live tick.
    private func signalTick(_ tick: LiveTick) -> SignalTick {
        let estimate: SignalTick.LiveEstimate = switch tick.estimate {
        case .none: .none
        case .withheld(let ratio): .withheld(discardRatio: ratio)
        case .accepted(let ratio): .accepted(discardRatio: ratio)
        }
        return SignalTick(
            time: tick.time, contact: tick.contact, qualityScore: tick.qualityScore, amplitude: tick.amplitude,
            measuredFps: tick.measuredFps, heartRateBpm: tick.heartRateBpm,
            rmssdMs: tick.rmssdMs, breathingRateBrpm: tick.breathingRateBrpm, liveEstimate: estimate,
            redDc: tick.redDc, sustainedPulse: tick.sustainedPulse, disturbed: tick.disturbed)
    }
}

extension ReadingResult {
    /// The session's result from the engine's analysis, with the reading's identity.
    init(_ analysis: AnalysisResult, id: String, capturedAt: String) {
        self.init(
            id: id, capturedAt: capturedAt, heartRateBpm: analysis.heartRateBpm, rmssdMs: analysis.rmssdMs,
            sdnnMs: analysis.sdnnMs, baevskyStressIndex: analysis.baevskyStressIndex, sd2sd1: analysis.sd2sd1,
            breathingRateBrpm: analysis.breathingRateBrpm,
            breathingRateConfidence: analysis.breathingRateConfidence?.rawValue, quality: analysis.quality.rawValue,
            sdkVersion: SDKVersion.string, flags: analysis.flags, diagnostics: ReadingDiagnostics(engine: analysis.diagnostics),
            durationSeconds: analysis.durationSeconds, confidence: analysis.confidence)
    }
}
