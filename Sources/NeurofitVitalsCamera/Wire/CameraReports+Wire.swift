import StrictJSON

// The JSON of what the camera layer reports without streaming: the cameras, a camera's support for readings and
// whether this process may open it (nfv_cameras, nfv_device_support, nfv_camera_access, nfv devices/support --json).

extension CameraDescription {
    /// The discovery JSON object.
    public var jsonValue: JSONValue {
        let formats = modes.map { mode -> JSONValue in
            .object(["format": .string(mode.format.description), "width": .number(Double(mode.width)),
                     "height": .number(Double(mode.height)), "maxFps": .number(mode.maxFps),
                     "emulated": .bool(mode.isEmulated)])
        }
        var object: [String: JSONValue] = [
            "id": .string(id), "name": .string(name), "path": .string(path), "driver": .string(driver),
            "bus": .string(bus), "formats": .array(formats),
            "fpsTiers": .array(reachableTiers.map { .number(Double($0)) }),
            "fpsTier": choice.map { .number(Double($0.tier)) } ?? .null,
            "hasTorch": .bool(torch != nil), "isSupported": .bool(choice != nil), "facing": .string(facing.rawValue),
        ]
        if let sensorRotation { object["sensorRotation"] = .number(Double(sensorRotation)) }
        if let choice { object["captureMode"] = .string(choice.mode.label) }
        if let torch { object["torch"] = .string(torch.label) }
        if let unsupportedReason { object["reason"] = .string(unsupportedReason) }
        if let pipeWireNode { object["pipewireNode"] = .string(pipeWireNode) }
        object["transport"] = .string(isPipeWireOnly ? "pipewire" : "v4l2")
        return .object(object)
    }
}

extension DeviceSupport {
    /// `{"accelerometer":…,"fpsTier":…,"hasAccelerometer":…,"hasCamera":…,"hasTorch":…,"isSupported":…,
    /// "reason":…}` (nulls where absent).
    public var jsonValue: JSONValue {
        .object(["isSupported": .bool(isSupported), "hasCamera": .bool(hasCamera), "hasTorch": .bool(hasTorch),
                 "fpsTier": fpsTier.map { .number(Double($0)) } ?? .null,
                 "reason": reason.map { .string($0) } ?? .null,
                 "hasAccelerometer": .bool(accelerometer != nil),
                 "accelerometer": accelerometer.map { .string($0) } ?? .null])
    }

    /// The device support object with `cameraAccess` added (`nfv support --json`).
    public func jsonValue(cameraAccess access: CameraAccess) -> JSONValue {
        guard case .object(var members) = jsonValue else { return jsonValue }
        members["cameraAccess"] = access.jsonValue
        return .object(members)
    }
}

extension CameraAccess {
    /// `{"authorization":"authorized"}` or `{"authorization":"denied","reason":…}`.
    public var jsonValue: JSONValue {
        var object: [String: JSONValue] = ["authorization": .string(authorization)]
        if let reason { object["reason"] = .string(reason) }
        return .object(object)
    }
}
