import StrictJSON

extension CaptureSettings {
    /// The snake_case diagnostics keys for these settings (absent values left out), plus `exposure_settled`.
    public var diagnostics: [String: JSONValue] {
        var members: [String: JSONValue] = [
            "torch_active": .bool(torchActive), "torch_level": .number(torchLevel),
            "exposure_locked": .bool(exposureLocked), "exposure_settled": .bool(exposureSettled),
            "exposure_tuner_enabled": .bool(exposureTunerEnabled),
            "exposure_tune_steps": .number(Double(exposureTuneSteps)),
            "active_format_width": .number(Double(width)), "active_format_height": .number(Double(height)),
        ]
        if let exposureDurationMs { members["exposure_duration_ms"] = .number(exposureDurationMs) }
        if let exposureIso { members["exposure_iso"] = .number(exposureIso) }
        if let accelerometer { members["accelerometer"] = .string(accelerometer) }
        if let accelerometerScale {
            members["accelerometer_scale"] = .array(accelerometerScale.map(JSONValue.number))
        }
        if let cameraTransport { members["camera_transport"] = .string(cameraTransport) }
        if let frameClock { members["frame_clock"] = .string(frameClock) }
        if let exposureMode { members["exposure_mode"] = .string(exposureMode) }
        return members
    }

    /// Reads settings back from a recording's `camera` line (nil when it is not in this shape; recordings made
    /// before `exposure_settled` existed read as settled).
    public init?(diagnostics members: [String: JSONValue]) {
        guard let torch = members["torch_active"]?.boolValue, let level = members["torch_level"]?.numberValue,
              let locked = members["exposure_locked"]?.boolValue,
              let tuner = members["exposure_tuner_enabled"]?.boolValue,
              let steps = members["exposure_tune_steps"]?.integerValue,
              let width = members["active_format_width"]?.integerValue,
              let height = members["active_format_height"]?.integerValue else { return nil }
        self.init(torchActive: torch, torchLevel: level, exposureDurationMs: members["exposure_duration_ms"]?.numberValue,
                  exposureIso: members["exposure_iso"]?.numberValue, exposureLocked: locked,
                  exposureSettled: members["exposure_settled"]?.boolValue ?? true, exposureTunerEnabled: tuner,
                  exposureTuneSteps: steps, width: width, height: height,
                  accelerometer: members["accelerometer"]?.stringValue,
                  accelerometerScale: members["accelerometer_scale"]?.arrayValue?.compactMap(\.numberValue),
                  cameraTransport: members["camera_transport"]?.stringValue,
                  frameClock: members["frame_clock"]?.stringValue, exposureMode: members["exposure_mode"]?.stringValue)
    }
}
