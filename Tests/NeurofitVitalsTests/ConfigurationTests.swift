import NeurofitVitals
import Testing

/// The message `VitalsConfiguration(json:)` throws for `text`, or nil when it parses.
private func configurationError(_ text: String) -> String? {
    do {
        _ = try VitalsConfiguration(json: text)
        return nil
    } catch {
        return error.message
    }
}

/// A JSON object setting one key, at its path, to a raw JSON value.
private func document(_ path: String, _ rawValue: String) -> String {
    let parts = path.split(separator: ".")
    return parts.count == 1 ? "{\"\(path)\":\(rawValue)}" : "{\"advanced\":{\"\(parts[1])\":\(rawValue)}}"
}

/// Keys the reference requires to be finite, with the path that reaches each in JSON.
private let finiteKeys = [
    "readingDuration", "advanced.minAmplitude", "advanced.contactEnterFrac", "advanced.contactExitFrac",
    "advanced.startWindowSeconds", "advanced.startRequiredFraction", "advanced.startQualityFloor",
    "advanced.startMaxWaitSeconds", "advanced.positioningTimeoutSeconds", "advanced.cancelWindowSeconds",
    "advanced.cancelBadFraction",
    "advanced.liveDiscardGateThreshold", "advanced.exposureTargetDc", "advanced.exposureDcMin",
    "advanced.exposureDcMax", "advanced.exposureTuneGamma",
]

@Suite struct ConfigurationTests {
    @Test func defaultsMatchTheIOSProductionColumn() {
        let configuration = VitalsConfiguration()
        #expect(configuration.readingDuration == 60)
        #expect(configuration.autoRestartAfterCancel && configuration.motionBreathing)
        let advanced = configuration.advanced
        #expect([advanced.minAmplitude, advanced.contactEnterFrac, advanced.contactExitFrac] == [0.5, 0.5, 0.5])
        #expect([advanced.startWindowSeconds, advanced.startRequiredFraction, advanced.startQualityFloor]
            == [3, 1, 0.5])
        #expect(advanced.requireExposureConverged == false && advanced.startMaxWaitSeconds == 15)
        #expect(advanced.cancelWindowSeconds == 12 && advanced.cancelMinSamples == 8)
        #expect(advanced.cancelBadFraction == 0.6)
        #expect(advanced.liveSqCancelConsecutive == 100 && advanced.contactLossPreviews == 3)
        #expect(advanced.liveDiscardGateSeconds == 35 && advanced.liveDiscardGateThreshold == 0.5)
        #expect(advanced.exposureTunerEnabled, "the one Linux default that follows Android")
        #expect([advanced.exposureTargetDc, advanced.exposureDcMin, advanced.exposureDcMax] == [150, 120, 210])
        #expect([advanced.exposureTuneFramesPerStep, advanced.exposureTuneMaxSteps, advanced.exposureTunerMaxCancels]
            == [15, 8, 2])
        #expect(advanced.exposureTuneGamma == 1.0)
        #expect(advanced.consistencyGate && advanced.mergedIntervalFix && !advanced.androidEstimator)
        #expect(advanced.fpsTiers == [60, 30, 20])
    }

    @Test func emptyObjectGivesDefaults() throws {
        #expect(try VitalsConfiguration(json: " {} ") == VitalsConfiguration())
        #expect(try VitalsConfiguration(json: #"{"advanced":{}}"#) == VitalsConfiguration())
    }

    @Test func keysSetTheirProperties() throws {
        let configuration = try VitalsConfiguration(json: """
            {"readingDuration": 90.5, "autoRestartAfterCancel": false, "motionBreathing": false,
             "advanced": {"minAmplitude": 0.25, "cancelMinSamples": 10.0, "fpsTiers": [30, 15],
                          "exposureTunerEnabled": false}}
            """)
        var expected = VitalsConfiguration()
        expected.readingDuration = 90.5
        expected.autoRestartAfterCancel = false
        expected.motionBreathing = false
        expected.advanced.minAmplitude = 0.25
        expected.advanced.cancelMinSamples = 10
        expected.advanced.fpsTiers = [30, 15]
        expected.advanced.exposureTunerEnabled = false
        #expect(configuration == expected)
    }

    @Test func serialisationIsSortedAndRoundTrips() throws {
        var configuration = VitalsConfiguration()
        configuration.readingDuration = 0.1
        configuration.advanced.fpsTiers = [20]
        let text = configuration.jsonText
        #expect(text.hasPrefix(#"{"advanced":{"androidEstimator":false,"cancelBadFraction":0.6,"#))
        #expect(text.hasSuffix(
            #""startWindowSeconds":3},"autoRestartAfterCancel":true,"motionBreathing":true,"readingDuration":0.1}"#))
        #expect(try VitalsConfiguration(json: text) == configuration)
        #expect(configuration.jsonValue.objectValue?["advanced"]?.objectValue?.count == 28)
    }

    @Test(arguments: finiteKeys)
    func nonFiniteNumbersAreRejected(path: String) {
        let message = "Invalid configuration: \(path.split(separator: ".").last!) must be a finite number"
        #expect(configurationError(document(path, "1e400")) == message)
        #expect(configurationError(document(path, "-1e999")) == message)
    }

    @Test func nonFiniteValuesSetInSwiftAreRejected() {
        var configuration = VitalsConfiguration()
        configuration.advanced.exposureTuneGamma = .nan
        #expect(throws: ConfigurationError(detail: "exposureTuneGamma must be a finite number")) {
            try configuration.validate()
        }
    }

    @Test(arguments: ["0", "-1", "3600.0000001", "1e9"])
    func readingDurationOutsideItsRangeIsRejected(value: String) {
        #expect(configurationError(document("readingDuration", value))
            == "Invalid configuration: readingDuration must be greater than 0 and at most 3600 seconds")
    }

    @Test func readingDurationBoundsAreAccepted() throws {
        #expect(try VitalsConfiguration(json: #"{"readingDuration":3600}"#).readingDuration == 3600)
        #expect(try VitalsConfiguration(json: #"{"readingDuration":1e-9}"#).readingDuration == 1e-9)
    }

    @Test(arguments: ["startWindowSeconds", "startMaxWaitSeconds", "positioningTimeoutSeconds", "cancelWindowSeconds",
                      "liveDiscardGateSeconds"])
    func windowsOutsideAnHourAreRejected(name: String) throws {
        let message = "Invalid configuration: \(name) must be in 0...3600 seconds"
        #expect(configurationError(document("advanced.\(name)", "-1")) == message)
        #expect(configurationError(document("advanced.\(name)", "3601")) == message)
        #expect(configurationError(document("advanced.\(name)", "0")) == nil)
        #expect(configurationError(document("advanced.\(name)", "3600")) == nil)
    }

    @Test func thePositioningTimeoutIsOffUnlessANumberIsGiven() throws {
        #expect(VitalsConfiguration().advanced.positioningTimeoutSeconds == nil)
        let cleared = try VitalsConfiguration(json: #"{"advanced":{"positioningTimeoutSeconds":null}}"#)
        #expect(cleared.advanced.positioningTimeoutSeconds == nil)
        #expect(cleared.jsonValue.objectValue?["advanced"]?.objectValue?["positioningTimeoutSeconds"] == .null)
        let set = try VitalsConfiguration(json: #"{"advanced":{"positioningTimeoutSeconds":45}}"#)
        #expect(set.advanced.positioningTimeoutSeconds == 45)
        #expect(try VitalsConfiguration(json: set.jsonText) == set)
        #expect(configurationError(document("advanced.positioningTimeoutSeconds", "\"45\""))
            == "Invalid configuration: advanced.positioningTimeoutSeconds must be a number or null (got a string)")
    }

    @Test func emptyFpsTiersAreRejected() {
        #expect(configurationError(document("advanced.fpsTiers", "[]"))
            == "Invalid configuration: fpsTiers must list at least one tier")
    }

    @Test(arguments: [("[60, 0]", 0), ("[241]", 241), ("[30, -5, 20]", -5)])
    func fpsTiersOutOfRangeAreRejected(tiers: String, offending: Int) {
        #expect(configurationError(document("advanced.fpsTiers", tiers))
            == "Invalid configuration: fpsTiers entries must be in 1...240 fps (got \(offending))")
    }

    @Test func rulesApplyInTheReferenceOrder() {
        // A finite-number rule and the duration range both fail: the finite rule comes first in the documented table.
        #expect(configurationError(#"{"readingDuration":0,"advanced":{"exposureDcMax":1e400}}"#)
            == "Invalid configuration: exposureDcMax must be a finite number")
        #expect(configurationError(#"{"readingDuration":0,"advanced":{"fpsTiers":[]}}"#)
            == "Invalid configuration: readingDuration must be greater than 0 and at most 3600 seconds")
    }

    @Test func unknownKeysAreNamedWithTheirPath() {
        #expect(configurationError(#"{"readingDurationSeconds":60}"#)
            == "Invalid configuration: unknown key readingDurationSeconds")
        #expect(configurationError(#"{"advanced":{"startGateWindow":3}}"#)
            == "Invalid configuration: unknown key advanced.startGateWindow")
    }

    @Test(arguments: [
        (#"{"readingDuration":"60"}"#, "readingDuration must be a number (got a string)"),
        (#"{"motionBreathing":1}"#, "motionBreathing must be true or false (got 1)"),
        (#"{"autoRestartAfterCancel":null}"#, "autoRestartAfterCancel must be true or false (got null)"),
        (#"{"advanced":{"cancelMinSamples":8.5}}"#, "advanced.cancelMinSamples must be an integer (got 8.5)"),
        (#"{"advanced":{"minAmplitude":[0.5]}}"#, "advanced.minAmplitude must be a number (got an array)"),
        (#"{"advanced":{"fpsTiers":60}}"#, "advanced.fpsTiers must be an array of integers (got 60)"),
        (#"{"advanced":{"fpsTiers":[60,"30"]}}"#, "advanced.fpsTiers[1] must be an integer (got a string)"),
        (#"{"advanced":true}"#, "advanced must be an object (got a boolean)"),
        ("[]", "the configuration must be a JSON object (got an array)"),
    ])
    func wrongTypesAreNamedWithTheirPath(text: String, detail: String) {
        #expect(configurationError(text) == "Invalid configuration: " + detail)
    }

    @Test func malformedJSONIsRejectedWithItsPosition() {
        #expect(configurationError(#"{"readingDuration":60,}"#)
            == "Invalid configuration: not valid JSON (expected a string key at byte 22)")
        #expect(configurationError(#"{"motionBreathing":true,"motionBreathing":false}"#)
            == "Invalid configuration: not valid JSON (duplicate key \"motionBreathing\" at byte 24)")
        #expect(configurationError("") == "Invalid configuration: not valid JSON (unexpected end of text at byte 0)")
    }
}
