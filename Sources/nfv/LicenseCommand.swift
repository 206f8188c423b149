import NeurofitVitals
import LicenseMinting
import StrictJSON

/// `nfv license keygen|issue|inspect`: the vendor's tooling for offline license keys (docs/license-keys.md).
let licenseCommand = Subcommand(
    name: "license",
    summary: "make signing keys, issue and inspect license keys (vendor tooling)",
    usage: """
        usage: nfv license keygen --out SECRET_FILE
                 Makes an Ed25519 key pair: writes the secret to SECRET_FILE (mode 0600, never overwritten) and
                 prints the public key to build the library with (NFV_LICENSE_PUBLIC_KEY=… scripts/build).
               nfv license issue --licensee NAME --app APP_ID [--app …] --updates-until YYYY-MM-DD
                                 --key SECRET_FILE [--feature NAME …] [--type binary|source]
                 Prints a signed license key.
               nfv license inspect KEY|-|@FILE [--app APP_ID] [--json]
                 Shows a key's payload and whether this build would activate it.
        """,
    run: { arguments in
        do throws(UsageError) {
            switch arguments.first {
            case "keygen": return try keygen(Array(arguments.dropFirst()))
            case "issue": return try issue(Array(arguments.dropFirst()))
            case "inspect": return try inspect(Array(arguments.dropFirst()))
            default: throw UsageError("expected keygen, issue or inspect")
            }
        } catch {
            printError("nfv license: \(error.message)\n\n\(licenseCommand.usage)")
            return ExitStatus.usage
        }
    })

private func keygen(_ arguments: [String]) throws(UsageError) -> Int32 {
    let options = try ParsedArguments(arguments, valued: ["out"])
    let path = try options.required("out")
    let pair = try vendorCall { () throws(VitalsError) in try LicenseSigningKey.generate() }
    try FileIO.createFile(path, contents: pair.secretText + "\n", mode: 0o600)
    print(pair.publicKeyText)
    printError("secret key written to \(path); keep it private. Build with NFV_LICENSE_PUBLIC_KEY=\(pair.publicKeyText)")
    return ExitStatus.ok
}

private func issue(_ arguments: [String]) throws(UsageError) -> Int32 {
    let options = try ParsedArguments(
        arguments, valued: ["licensee", "app", "updates-until", "key", "feature", "type"])
    guard options.positional.isEmpty else { throw UsageError("unexpected argument \(options.positional[0])") }
    let typeName = options.value("type") ?? LicenseType.binary.rawValue
    guard let type = LicenseType(rawValue: typeName) else { throw UsageError("--type must be binary or source") }
    let apps = options.all("app")
    guard !apps.isEmpty else { throw UsageError("--app is required (repeat it for several apps)") }
    let payload = LicensePayload(
        licensee: try options.required("licensee"), apps: apps, features: options.all("feature"),
        updatesUntil: try options.required("updates-until"), type: type)
    let secret = try FileIO.readText(try options.required("key"))
    let key = try vendorCall { () throws(VitalsError) in
        try LicenseSigningKey(secretText: secret).issue(payload)
    }
    print(key)
    return ExitStatus.ok
}

private func inspect(_ arguments: [String]) throws(UsageError) -> Int32 {
    let options = try ParsedArguments(arguments, valued: ["app"], switches: ["json"])
    guard options.positional.count == 1 else { throw UsageError("expected one KEY, - or @FILE") }
    let argument = options.positional[0]
    let keyText = argument == "-" ? try FileIO.readText("-")
        : argument.hasPrefix("@") ? try FileIO.readText(String(argument.dropFirst())) : argument
    let report = LicenseInspection(keyText: keyText, appId: options.value("app"))
    if options.flags.contains("json") {
        print(report.jsonValue.serialized())
    } else {
        print(report.description)
    }
    return report.activates ? ExitStatus.ok : ExitStatus.failure
}

/// Runs a library call for the vendor tooling, turning its error into a usage-style failure message.
private func vendorCall<T>(_ body: () throws(VitalsError) -> T) throws(UsageError) -> T {
    do { return try body() } catch { throw UsageError(error.message) }
}
