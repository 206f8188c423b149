import PpgCore
import StrictJSON

// The JSON form of every event: the one place where session values become the names hosts see.

extension SessionEvent {
    /// The event as a JSON object with sorted keys when serialized.
    public var jsonValue: JSONValue {
        var members: [String: JSONValue] = ["type": .string(type)]
        switch self {
        case .state(let state):
            members.merge(state.jsonValue.objectValue ?? [:]) { current, _ in current }
        case .guidance(let guidance, let progress):
            members["guidance"] = .string(guidance.rawValue)
            members["startProgress"] = .number(progress)
        case .preview(let preview):
            members.merge(preview.members) { current, _ in current }
        case .heartbeat(let ibi):
            if let ibi { members["ibiMs"] = .number(ibi) }
        case .cancelled(let reason, let context):
            members["reason"] = .string(reason.kind.rawValue)
            members["detail"] = .string(reason.detail)
            members["context"] = context.jsonValue
        case .reconfiguringCamera(let tier):
            members["fpsTier"] = .number(Double(tier))
            members["lowPowerMode"] = .bool(false)
        case .recoverableError(let kind):
            members["error"] = .string(kind)
        case .completed(let result):
            members["result"] = result.jsonValue
        case .failed(let error), .recordingError(let error):
            members["error"] = error.jsonValue
        case .started, .measurementComplete:
            break
        }
        return .object(members)
    }

    /// The event's JSON text: compact, keys sorted, byte-stable.
    public var json: String { jsonValue.serialized() }
}

extension SessionState {
    /// The state as a JSON object: `{"state":"measuring","elapsed":12}`, with `result` or `error` when terminal.
    public var jsonValue: JSONValue {
        var members: [String: JSONValue] = ["state": .string(name)]
        switch self {
        case .measuring(let elapsed): members["elapsed"] = .number(elapsed)
        case .completed(let result): members["result"] = result.jsonValue
        case .failed(let error): members["error"] = error.jsonValue
        default: break
        }
        return .object(members)
    }
}

extension LivePreview {
    /// The preview's event members (absent values left out).
    var members: [String: JSONValue] {
        var members: [String: JSONValue] = [
            "elapsed": .number(elapsed), "progress": .number(progress), "abortRisk": .string(abortRisk.rawValue),
        ]
        if let heartRateBpm { members["heartRateBpm"] = .number(heartRateBpm) }
        if let rmssdMs { members["rmssdMs"] = .number(rmssdMs) }
        if let breathingRateBrpm { members["breathingRateBrpm"] = .number(breathingRateBrpm) }
        if let signalLevel { members["signalLevel"] = .string(signalLevel.rawValue) }
        return members
    }
}

extension CancelContext {
    /// The context as a dictionary: ten keys with `-1` for absent numbers, plus `exposure_in_band` when known.
    public var jsonValue: JSONValue {
        var members: [String: JSONValue] = [
            "reason": .string(reason),
            "quality_score": .number(qualityScore ?? -1),
            "elapsed_s": .number(elapsedSeconds ?? -1),
            "engine": .string(EngineIdentity.name),
            "refine_mode": .string(EngineIdentity.refineMode),
            "effective_fps": .number(Double(effectiveFps)),
            "device_model": .string(deviceModel),
            "red_dc": .number(redDc ?? -1),
            "exposure_iso": .number(exposureIso ?? -1),
            "exposure_tune_steps": .number(Double(exposureTuneSteps ?? -1)),
        ]
        if let exposureInBand { members["exposure_in_band"] = .bool(exposureInBand) }
        return .object(members)
    }
}

extension TimedEvent {
    /// The event's JSON object with `t`, its sample time, when it has a finite one.
    public var jsonValue: JSONValue {
        guard let time, time.isFinite, case .object(var members) = event.jsonValue else { return event.jsonValue }
        members["t"] = .number(time)
        return .object(members)
    }

    /// The event's JSON text: compact, keys sorted, byte-stable.
    public var json: String { jsonValue.serialized() }
}
