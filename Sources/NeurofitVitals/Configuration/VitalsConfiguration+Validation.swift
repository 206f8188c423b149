import StrictJSON

extension VitalsConfiguration {
    /// The frame rates a tier may have, fps (configuration ladders and host-frame sources alike).
    public static let fpsTierRange = 1...240

    /// Applies the validation rules of the API reference, in its order, and throws the first that fails with
    /// its exact detail text:
    /// 1. `<name> must be a finite number` for the fifteen `Double` settings it lists
    ///    (and the positioning time-out when set);
    /// 2. `readingDuration must be greater than 0 and at most 3600 seconds`;
    /// 3. `<name> must be in 0...3600 seconds` for the start window, start wait, cancel window and discard gate
    ///    (and the positioning time-out when set);
    /// 4. `fpsTiers must list at least one tier`;
    /// 5. `fpsTiers entries must be in 1...240 fps (got <tier>)`;
    ///
    /// then the rules this library adds so that no advanced value can stop a session from running (the reference
    /// SDKs leave them unvalidated):
    /// 6. `<name> must be in <range> (got <value>)` for the fractions (0...1), the red levels and amplitude (0...255,
    ///    8-bit counts) and the tuner's gamma (0.1...10);
    /// 7. `<name> must be in 1...<limit> (got <value>)` for the counts of the cancel gates.
    public func validate() throws(ConfigurationError) {
        for (name, value) in finiteChecked where !value.isFinite {
            throw ConfigurationError(detail: "\(name) must be a finite number")
        }
        guard readingDuration > 0 && readingDuration <= 3600 else {
            throw ConfigurationError(detail: "readingDuration must be greater than 0 and at most 3600 seconds")
        }
        for (name, value) in secondsChecked where !(0...3600).contains(value) {
            throw ConfigurationError(detail: "\(name) must be in 0...3600 seconds")
        }
        guard !advanced.fpsTiers.isEmpty else {
            throw ConfigurationError(detail: "fpsTiers must list at least one tier")
        }
        for tier in advanced.fpsTiers where !Self.fpsTierRange.contains(tier) {
            throw ConfigurationError(detail: "fpsTiers entries must be in 1...240 fps (got \(tier))")
        }
        for (name, value, range) in rangeChecked where !range.contains(value) {
            let text = "\(JSONValue.numberText(range.lowerBound))...\(JSONValue.numberText(range.upperBound))"
            throw ConfigurationError(detail: "\(name) must be in \(text) (got \(JSONValue.numberText(value)))")
        }
        for (name, value) in countsChecked where !Self.countRange.contains(value) {
            throw ConfigurationError(detail: "\(name) must be in \(Self.countRange) (got \(value))")
        }
    }

    /// What `validate()` requires of each key it checks (by name, without `advanced.`), as the configuration docs
    /// state it: read from the same lists the checks run over, so the two cannot differ.
    static var validationRules: [String: String] {
        let defaults = VitalsConfiguration()
        var rules: [String: [String]] = [:]
        for (name, _) in defaults.finiteChecked { rules[name, default: []].append("finite") }
        rules["readingDuration", default: []].append("in (0, 3600]")
        for (name, _) in defaults.secondsChecked { rules[name, default: []].append("in [0, 3600]") }
        for (name, _, range) in defaults.rangeChecked {
            rules[name, default: []].append("in [\(JSONValue.numberText(range.lowerBound)), "
                                            + "\(JSONValue.numberText(range.upperBound))]")
        }
        for (name, _) in defaults.countsChecked {
            rules[name, default: []].append("in [\(countRange.lowerBound), \(countRange.upperBound)]")
        }
        rules["fpsTiers"] = ["at least one entry, each in [\(fpsTierRange.lowerBound), \(fpsTierRange.upperBound)]"]
        return rules.mapValues { $0.joined(separator: ", ") }
    }

    /// The counts a cancel gate may need: at least one, at most an hour of previews at the highest tier.
    static let countRange = 1...(3600 * 240)

    /// The numbers outside whose range a session could trap or never start or finish, in declaration order.
    private var rangeChecked: [(String, Double, ClosedRange<Double>)] {
        [
            ("minAmplitude", advanced.minAmplitude, 0...255),
            ("contactEnterFrac", advanced.contactEnterFrac, 0...1),
            ("contactExitFrac", advanced.contactExitFrac, 0...1),
            ("startRequiredFraction", advanced.startRequiredFraction, 0...1),
            ("startQualityFloor", advanced.startQualityFloor, 0...1),
            ("cancelBadFraction", advanced.cancelBadFraction, 0...1),
            ("liveDiscardGateThreshold", advanced.liveDiscardGateThreshold, 0...1),
            ("exposureTargetDc", advanced.exposureTargetDc, 0...255),
            ("exposureDcMin", advanced.exposureDcMin, 0...255),
            ("exposureDcMax", advanced.exposureDcMax, 0...255),
            ("exposureTuneGamma", advanced.exposureTuneGamma, 0.1...10),
        ]
    }

    /// The counts of the cancel gates (0 or less would cancel every reading at once).
    private var countsChecked: [(String, Int)] {
        [
            ("cancelMinSamples", advanced.cancelMinSamples),
            ("liveSqCancelConsecutive", advanced.liveSqCancelConsecutive),
            ("contactLossPreviews", advanced.contactLossPreviews),
        ]
    }

    /// The settings that must be finite, in the reference's order.
    private var finiteChecked: [(String, Double)] {
        [
            ("readingDuration", readingDuration),
            ("minAmplitude", advanced.minAmplitude),
            ("contactEnterFrac", advanced.contactEnterFrac),
            ("contactExitFrac", advanced.contactExitFrac),
            ("startWindowSeconds", advanced.startWindowSeconds),
            ("startRequiredFraction", advanced.startRequiredFraction),
            ("startQualityFloor", advanced.startQualityFloor),
            ("startMaxWaitSeconds", advanced.startMaxWaitSeconds),
            ("positioningTimeoutSeconds", advanced.positioningTimeoutSeconds ?? 0),
            ("cancelWindowSeconds", advanced.cancelWindowSeconds),
            ("cancelBadFraction", advanced.cancelBadFraction),
            ("liveDiscardGateThreshold", advanced.liveDiscardGateThreshold),
            ("exposureTargetDc", advanced.exposureTargetDc),
            ("exposureDcMin", advanced.exposureDcMin),
            ("exposureDcMax", advanced.exposureDcMax),
            ("exposureTuneGamma", advanced.exposureTuneGamma),
        ]
    }

    /// The windows and deadlines that must lie in 0...3600 seconds, in the reference's order.
    private var secondsChecked: [(String, Double)] {
        [
            ("startWindowSeconds", advanced.startWindowSeconds),
            ("startMaxWaitSeconds", advanced.startMaxWaitSeconds),
            ("positioningTimeoutSeconds", advanced.positioningTimeoutSeconds ?? 0),
            ("cancelWindowSeconds", advanced.cancelWindowSeconds),
            ("liveDiscardGateSeconds", Double(advanced.liveDiscardGateSeconds)),
        ]
    }
}
