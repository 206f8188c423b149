import StrictJSON

// The JSON form of an error, as the C API, the events and the bindings hand it out.

extension VitalsError {
    /// `{"code":…,"message":…,"retryable":…}`, plus `"reason":…` when there is one.
    public var jsonValue: JSONValue {
        var members: [String: JSONValue] = ["code": .string(code.rawValue), "message": .string(message),
                                            "retryable": .bool(retryable)]
        if let reason { members["reason"] = .string(reason) }
        return .object(members)
    }

    /// What `nfv_last_error_json` reports when the last call succeeded.
    public static let noErrorJSON = JSONValue.object(["code": .string("ok"), "message": .string(""),
                                                      "retryable": .bool(false)])
}
