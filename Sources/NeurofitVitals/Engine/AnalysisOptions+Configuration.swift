import PpgCore

extension AnalysisOptions {
    /// The final analysis's switches as a session configuration sets them (`consistencyGate`, `mergedIntervalFix`,
    /// `minAmplitude`, `motionBreathing`).
    public init(_ configuration: VitalsConfiguration) {
        self.init()
        consistencyGate = configuration.advanced.consistencyGate
        mergedIntervalFix = configuration.advanced.mergedIntervalFix
        motionBreathing = configuration.motionBreathing
        minimumAmplitude = configuration.advanced.minAmplitude
    }

    /// The switches of a session configuration JSON a batch analysis is given (nil: the defaults).
    /// - Throws: `invalidArgument` with the exact "Invalid configuration: …" message.
    public init(configurationJSON json: String?) throws(VitalsError) {
        guard let json else {
            self.init()
            return
        }
        do {
            self.init(try VitalsConfiguration(json: json))
        } catch {
            throw VitalsError(error)
        }
    }
}
