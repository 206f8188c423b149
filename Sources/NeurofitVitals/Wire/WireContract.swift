import PpgCore
import StrictJSON

/// The wire contract, written once: every event with its keys, the result and error objects, the enumerations,
/// the error codes with their C status and default `retryable`, the host pixel formats with their C values, and
/// the configuration keys with their defaults. `nfv schema` prints it (`jsonValue`); docs/contract.json is the
/// committed copy that `scripts/generate` turns into the bindings' types and the docs' tables, and
/// `WireContractTests` hold the Swift encoders to it.
public enum WireContract {
    /// Raised when a key, event or value is added, removed or changes meaning.
    public static let version = 1

    /// Every event `type` with its keys (besides `type` itself and the optional `t`, which every event has), in the
    /// order of their kinds (`EventKind` holds each row).
    public static var events: [(type: String, summary: String, fields: [WireField])] {
        EventKind.allCases.map { ($0.name, $0.summary, $0.fields) }
    }

    /// The keys every event has besides its own.
    public static let commonEventFields: [WireField] = [
        .required("type", .string, "the event's type"),
        .optional("t", .number, unit: "s", "sample time of the latest frame consumed when the event arose"),
    ]

    /// The JSON objects events carry.
    public static let objects: [(name: String, summary: String, fields: [WireField])] = [
        ("Result", "a reading's result", ResultMetric.resultFields),
        ("Error", "an error the library reports", [
            .required("code", .enumeration("ErrorCode"), "the stable code"),
            .required("message", .string, "English text for logs; never shown to users as is"),
            .required("retryable", .boolean, "whether retrying the same call can help"),
            .optional("reason", .string, "why, for licenseInvalid (`malformed`, `badSignature`, …)"),
        ]),
        ("CancelContext", "facts about the moment of a cancel, for logs; -1 for an unknown number", [
            .required("reason", .string, "the cancel's detail token"),
            .required("quality_score", .number, "the live quality score, or -1").unknown(-1),
            .required("elapsed_s", .number, unit: "s", "seconds into the attempt, or -1").unknown(-1),
            .required("engine", .string, "always `neurofit_vitals`"),
            .required("refine_mode", .string, "an opaque per-platform engine constant"),
            .required("effective_fps", .integer, unit: "fps", "the camera's frame-rate tier"),
            .required("device_model", .string, "the camera's name and bus id, or the source's description"),
            .required("red_dc", .number, "red mean of the last measuring frame, or -1").unknown(-1),
            .required("exposure_iso", .number, "the camera's exposure gain figure, or -1").unknown(-1),
            .required("exposure_tune_steps", .integer, "exposure tuner steps taken, or -1").unknown(-1),
            .optional("exposure_in_band", .boolean, "whether the red mean is within the exposure band, when known"),
        ]),
    ]

    /// The enumerations: each name with its values, in order.
    public static var enumerations: [(name: String, summary: String, values: [JSONValue])] {
        [
            ("SessionPhase", "a session's lifecycle state", SessionState.names.map(JSONValue.string)),
            ("Guidance", "what the user should do while positioning (first match wins, in this order)",
             Guidance.allCases.map { .string($0.rawValue) }),
            ("CancelReason", "why a reading was abandoned", CancelReason.Kind.allCases.map { .string($0.rawValue) }),
            ("SignalLevel", "live signal level", SignalLevelName.allCases.map { .string($0.rawValue) }),
            ("AbortRisk", "distance to the no-low-discard-estimate cancel",
             AbortRisk.allCases.map { .string($0.rawValue) }),
            ("BreathingConfidence", "how far the breathing rate can be trusted",
             BreathingConfidenceTier.allCases.map { .string($0.rawValue) }),
            ("Quality", "the result's quality tier: 3 clean, 2 usable, 1 withheld",
             QualityTier.allCases.map { .int($0.rawValue) }),
            ("ErrorCode", "the stable error codes", ErrorCode.allCases.map { .string($0.rawValue) }),
            ("HeartRateSource", "where a result's heart rate comes from: its `diagnostics.hr_source`",
             HeartRateSource.allCases.map { .string($0.rawValue) }),
        ]
    }

    /// One line on what each enumeration value means, by enumeration and value (`nfv schema` prints them beside the
    /// values, in the same order).
    static let valueSummaries: [String: [String: String]] = [
        "SessionPhase": [
            "idle": "created, or idle again after a cancel without auto-restart or after a stop; the source is released",
            "positioning": "the source is open; waiting for a steady fingertip (guidance events)",
            "measuring": "a reading is in progress (preview and heartbeat events)",
            "finalizing": "the duration was captured; the result is being computed",
            "completed": "done, with a result", "failed": "ended without a result; the error says why",
        ],
        "Guidance": [
            "noContact": "no fingertip on the camera", "frameDrop": "the frame rate is below 70 % of the tier",
            "weakSignal": "contact, but the pulse is too faint (a cold finger, too much pressure)",
            "lowQuality": "contact, but the quality score is below the start floor (movement, changing pressure)",
            "compliant": "good: the start gate is filling",
        ],
        "CancelReason": [
            "contactLost": "the fingertip left the camera", "poorSignal": "the signal was too poor to go on",
            "interrupted": "the camera was reconfigured, stalled or lost",
            "cancelledByApp": "the host cancelled the reading",
        ],
        "SignalLevel": [
            "strong": "quality score 0.80 or more", "good": "quality score 0.65 or more",
            "fair": "quality score 0.50 or more", "weak": "below 0.50; lowered ahead of a poor-signal cancel",
        ],
        "AbortRisk": [
            "none": "no risk", "warn": "from about 21 s without a reliable estimate",
            "imminent": "from about 30 s without a reliable estimate",
        ],
        "BreathingConfidence": [
            "high": "from the accelerometer (host-submitted motion)",
            "medium": "two camera channels agree with regular cycles",
            "low": "unreliable: show it as approximate, never as a plain number",
        ],
        "Quality": ["3": "every quality check passed; HRV reported",
                    "2": "heart rate trustworthy; HRV only when the consistency gate passed",
                    "1": "heart rate only; HRV, stress index and SD2/SD1 withheld"],
        "HeartRateSource": [
            "beats": "the NN series: 60000 / mean NN; the only source that comes with HRV",
            "spectral": "the reading's spectral peak, confirmed by its beat train",
            "fold": "the period at which the pulse folds into one repeated cycle",
        ],
    ]

    /// One line on what each error code means.
    public static func summary(of code: ErrorCode) -> String {
        switch code {
        case .notActivated: "activation has not succeeded in this process (sources other than the simulator need it)"
        case .licenseInvalid: "the license key was rejected; the message names the check that failed"
        case .cameraPermissionDenied: "the process may not open the camera device; the message says what to change"
        case .cameraUnavailable: "the camera could not be opened (busy, gone) or stopped and could not be restored"
        case .unsupportedDevice: "no camera format reaches 20 fps at a width of 640 or more; the message says why"
        case .noHeartRate: "the reading was captured but no trustworthy heart rate could be recovered"
        case .internalError: "an unexpected condition: a bug or a failure of the system (no thread, no memory)"
        case .invalidArgument: "a bad value, bad JSON or configuration, a stale or closed handle"
        case .misuse: "a call the session's state does not allow (starting twice, a source after start, …)"
        }
    }

    /// The whole contract as one JSON object (JSON Schema-like; `nfv schema` prints it).
    public static var jsonValue: JSONValue {
        .object([
            "contract": .int(version),
            "events": .array(events.map { event in
                .object(["type": .string(event.type), "summary": .string(event.summary),
                         "kind": EventKind(name: event.type).map { .int(Int($0.rawValue)) } ?? .null,
                         "fields": .array(event.fields.map(\.jsonValue))])
            }),
            "commonEventFields": .array(commonEventFields.map(\.jsonValue)),
            "objects": .array(objects.map { object in
                .object(["name": .string(object.name), "summary": .string(object.summary),
                         "fields": .array(object.fields.map(\.jsonValue))])
            }),
            "enums": .array(enumerations.map(enumerationJSON)),
            "errors": .array(ErrorCode.allCases.map { code in
                .object(["code": .string(code.rawValue), "status": .int(code.status),
                         "retryable": .bool(code.retryableByDefault), "summary": .string(summary(of: code))])
            }),
            "pixelFormats": .array(PixelFormat.allCases.compactMap { format in
                format.hostFormatValue.map { value in
                    .object(["name": .string(format.rawValue), "value": .int(value),
                             "summary": .string(format.summary)])
                }
            }),
            "metrics": .array(ResultMetric.all.map(\.jsonValue)),
            "configuration": configurationJSON,
        ])
    }

    /// An enumeration with its values, their summaries, and (for the numeric quality tier) their names.
    private static func enumerationJSON(_ enumeration: (name: String, summary: String, values: [JSONValue]))
        -> JSONValue {
        var members: [String: JSONValue] = [
            "name": .string(enumeration.name), "summary": .string(enumeration.summary),
            "values": .array(enumeration.values),
        ]
        if enumeration.name == "Quality" {
            members["names"] = .array(QualityTier.allCases.map { .string("\($0)") })
        }
        if let summaries = valueSummaries[enumeration.name] {
            members["valueSummaries"] = .array(enumeration.values.map { value in
                .string(summaries[value.stringValue ?? value.numberValue.map(JSONValue.numberText) ?? ""] ?? "")
            })
        }
        return .object(members)
    }

    /// Every configuration key (`advanced.` ones with their prefix) with its JSON type, default and the rule
    /// `VitalsConfiguration.validate()` holds it to (none: any value of its type).
    private static var configurationJSON: JSONValue {
        let defaults = VitalsConfiguration()
        let rules = VitalsConfiguration.validationRules
        let top = VitalsConfiguration.fields.map { field in
            configurationEntry(field.name, field.typeName, field.value(in: defaults), rules[field.name])
        }
        let advanced = AdvancedConfiguration.fields.map { field in
            configurationEntry("advanced." + field.name, field.typeName, field.value(in: defaults.advanced),
                               rules[field.name])
        }
        return .array(top + advanced)
    }

    private static func configurationEntry(_ key: String, _ type: String, _ value: JSONValue, _ rule: String?)
        -> JSONValue {
        var members: [String: JSONValue] = ["key": .string(key), "type": .string(type), "default": value]
        if let rule { members["validation"] = .string(rule) }
        return .object(members)
    }
}
