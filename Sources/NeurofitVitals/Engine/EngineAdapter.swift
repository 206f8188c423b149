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

    public mutating func push(_ frame: FrameSample) -> (beats: [Double?], tick: LiveTick?) {
        let step = live.push(frame)
        return (step.beats.map(\.ibiMs), step.tick)
    }

    public mutating func push(_ motion: MotionSample) {
        live.push(motion)
    }

    public func finalize(frames: [FrameSample], motion: [MotionSample], id: String, capturedAt: String)
        -> Result<ReadingResult, VitalsError> {
        switch final.analyze(frames: frames, motion: motion) {
        case .success(let analysis):
            return .success(ReadingResult(id: id, capturedAt: capturedAt, analysis: analysis))
        case .failure(let error):
            return .failure(VitalsError(.noHeartRate, error.message))
        }
    }
}
