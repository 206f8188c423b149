import Glibc
import NeurofitVitals

/// Activates the library for `nfv` from `--license KEY|@FILE`, else `$NFV_LICENSE_KEY`, else
/// `~/.config/neurofit-vitals/license.key`, if any of them is given. The app id is `nfv`.
enum LicenseActivation {
    /// Activates when a key is available; reports a rejected key (exit status 1) but not a missing one (the
    /// simulated finger needs none; other sources then fail with notActivated).
    static func activate(option: String?) throws(UsageError) {
        guard let text = try keyText(option: option) else { return }
        do {
            try License.shared.activate(keyText: text, appId: "nfv")
        } catch {
            throw UsageError(error.message)
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
