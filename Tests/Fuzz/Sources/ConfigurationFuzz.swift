@testable import PpgCore
@testable import NeurofitVitals

/// `nfv_session_new`'s configuration JSON: any text is accepted or refused with an `Invalid configuration:`
/// message, and an accepted configuration's `jsonText` reads back to an equal configuration with identical text.
/// An accepted configuration then runs: the engine takes two seconds of frames and the state machine positions and
/// measures a few ticks with it, without a trap (numbers up to ±1e308 included: the seeds hold such values).
enum ConfigurationFuzz {
    static func run(_ bytes: [UInt8]) {
        // The C boundary refuses invalid UTF-8 before the configuration sees the text.
        guard let text = String(validating: bytes, as: UTF8.self) else { return }
        let configuration: VitalsConfiguration
        do {
            configuration = try VitalsConfiguration(json: text)
        } catch {
            if error.detail.isEmpty { violated("a configuration error without a detail") }
            return
        }
        let written = configuration.jsonText
        guard let again = try? VitalsConfiguration(json: written) else {
            violated("an accepted configuration's jsonText is refused: \(written)")
        }
        guard again == configuration, again.jsonText == written else {
            violated("configuration JSON does not round-trip: \(written) vs \(again.jsonText)")
        }
        run(configuration)
    }

    /// A session's first seconds with `configuration`: the engine's live path and the state machine's gates.
    private static func run(_ configuration: VitalsConfiguration) {
        var engine = EngineAdapter(configuration: configuration,
                                   source: SourceInfo(kind: "hostFrames", fpsTier: 30, deviceModel: "fuzz"))
        for index in 0..<60 {
            _ = engine.push(FrameSample(timestamp: Double(index) / 30, red: 180 + Double(index % 7), green: 5, blue: 20))
        }
        var machine = ReadingStateMachine(configuration: configuration, fpsTier: 30, deviceModel: "fuzz")
        _ = machine.begin()
        for second in 1...6 {
            _ = machine.handle(LiveTick(time: Double(second), contact: true, qualityScore: 0.9, amplitude: 2,
                                        measuredFps: 30, saturationFraction: 0, redDc: 180, heartRateBpm: 70,
                                        rmssdMs: 30, breathingRateBrpm: 14, estimate: .accepted(discardRatio: 0.1)))
            _ = machine.handleBeat(ibiMs: 850)
        }
    }
}
