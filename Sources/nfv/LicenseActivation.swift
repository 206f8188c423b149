import Glibc
import NeurofitVitals

/// Activates the library for `nfv` from `--license KEY|@FILE`, else `$NFV_LICENSE_KEY`, else
/// `~/.config/neurofit-vitals/license.key`, if any of them is given, as the app id `--app-id` (default
/// `defaultAppId`: a key for nfv lists the app "nfv").
enum LicenseActivation {
    /// The app id nfv activates as unless `--app-id` names another.
    static let defaultAppId = "nfv"

    /// Activates when a key is available. Returns why a key was rejected (the command prints it and exits 1), nil
    /// when it activated or when none was given (the simulated finger needs none; other sources then fail with
    /// notActivated). An unreadable key file is a usage error.
    static func activate(option: String?, appId: String?) throws(UsageError) -> String? {
        guard let text = try keyText(option: option) else { return nil }
        do {
            try License.shared.activate(keyText: text, appId: appId ?? defaultAppId)
            return nil
        } catch {
            return "activation failed: \(error.message)"
        }
    }

    private static func keyText(option: String?) throws(UsageError) -> String? {
        if let option { return option.hasPrefix("@") ? try FileIO.readText(String(option.dropFirst())) : option }
        if let environment = getenv("NFV_LICENSE_KEY"), environment.pointee != 0 { return String(cString: environment) }
        guard let home = getenv("HOME") else { return nil }
        let path = String(cString: home) + "/.config/neurofit-vitals/license.key"
        return access(path, R_OK) == 0 ? try FileIO.readText(path) : nil
    }
}
