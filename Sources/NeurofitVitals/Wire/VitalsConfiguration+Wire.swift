import PpgCore
import StrictJSON

extension VitalsConfiguration {
    /// Parses and validates the optional JSON object a host passes. Every key is optional and takes its
    /// default when absent; unknown keys, wrong types and values breaking a rule are errors naming the key with its
    /// path (`advanced.fpsTiers[1] must be an integer (got a string)`).
    public init(json text: String) throws(ConfigurationError) {
        let document: JSONValue
        do {
            document = try JSONValue(parsing: text)
        } catch {
            throw ConfigurationError(detail: "not valid JSON (\(error))")
        }
        try self.init(jsonValue: document)
    }

    /// Reads and validates a configuration from a parsed JSON value (see `init(json:)`).
    public init(jsonValue document: JSONValue) throws(ConfigurationError) {
        guard var members = document.objectValue else {
            let got = document.typeDescription
            throw ConfigurationError(detail: "the configuration must be a JSON object (got \(got))")
        }
        self.init()
        if let advanced = members.removeValue(forKey: "advanced") {
            guard let advancedMembers = advanced.objectValue else {
                throw ConfigurationError(detail: "advanced must be an object (got \(advanced.typeDescription))")
            }
            try ConfigurationField.apply(advancedMembers, fields: AdvancedConfiguration.fields, to: &self.advanced,
                                         pathPrefix: "advanced.")
        }
        try ConfigurationField.apply(members, fields: Self.fields, to: &self, pathPrefix: "")
        try validate()
    }

    /// The effective configuration as a JSON object: every key, defaults included.
    public var jsonValue: JSONValue {
        var members = ConfigurationField.members(of: self, fields: Self.fields)
        members["advanced"] = .object(ConfigurationField.members(of: advanced, fields: AdvancedConfiguration.fields))
        return .object(members)
    }

    /// The effective configuration as compact JSON with sorted keys; `init(json:)` reads it back to an equal value.
    public var jsonText: String { jsonValue.serialized() }

    /// The top-level keys other than `advanced` (rebuilt on use: key paths are not `Sendable`).
    static var fields: [ConfigurationField<VitalsConfiguration>] {
        [
            .number("readingDuration", \.readingDuration),
            .boolean("autoRestartAfterCancel", \.autoRestartAfterCancel),
            .boolean("motionBreathing", \.motionBreathing),
        ]
    }
}

extension AdvancedConfiguration {
    /// The keys of the `advanced` object.
    static var fields: [ConfigurationField<AdvancedConfiguration>] {
        [
            .number("minAmplitude", \.minAmplitude),
            .number("contactEnterFrac", \.contactEnterFrac),
            .number("contactExitFrac", \.contactExitFrac),
            .number("startWindowSeconds", \.startWindowSeconds),
            .number("startRequiredFraction", \.startRequiredFraction),
            .number("startQualityFloor", \.startQualityFloor),
            .boolean("requireExposureConverged", \.requireExposureConverged),
            .number("startMaxWaitSeconds", \.startMaxWaitSeconds),
            .optionalNumber("positioningTimeoutSeconds", \.positioningTimeoutSeconds),
            .number("cancelWindowSeconds", \.cancelWindowSeconds),
            .integer("cancelMinSamples", \.cancelMinSamples),
            .number("cancelBadFraction", \.cancelBadFraction),
            .integer("liveSqCancelConsecutive", \.liveSqCancelConsecutive),
            .integer("contactLossPreviews", \.contactLossPreviews),
            .integer("liveDiscardGateSeconds", \.liveDiscardGateSeconds),
            .number("liveDiscardGateThreshold", \.liveDiscardGateThreshold),
            .boolean("exposureTunerEnabled", \.exposureTunerEnabled),
            .number("exposureTargetDc", \.exposureTargetDc),
            .number("exposureDcMin", \.exposureDcMin),
            .number("exposureDcMax", \.exposureDcMax),
            .integer("exposureTuneFramesPerStep", \.exposureTuneFramesPerStep),
            .integer("exposureTuneMaxSteps", \.exposureTuneMaxSteps),
            .number("exposureTuneGamma", \.exposureTuneGamma),
            .integer("exposureTunerMaxCancels", \.exposureTunerMaxCancels),
            .boolean("consistencyGate", \.consistencyGate),
            .boolean("mergedIntervalFix", \.mergedIntervalFix),
            .boolean("androidEstimator", \.androidEstimator),
            .integerList("fpsTiers", \.fpsTiers),
        ]
    }
}
