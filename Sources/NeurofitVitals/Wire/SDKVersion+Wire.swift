import StrictJSON

extension SDKVersion {
    /// `{"abi":…,"buildDate":…,"engineVersion":…,"sdkVersion":…}`, as `nfv version --json` prints it.
    public static var jsonValue: JSONValue {
        .object(["abi": .int(Int(abi)), "buildDate": .string(buildDate), "engineVersion": .string(engine),
                 "sdkVersion": .string(string)])
    }
}
