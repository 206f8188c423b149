@testable import PpgCore
@testable import NeurofitVitals

/// `nfv_session_new`'s configuration JSON: any text is accepted or refused with an `Invalid configuration:`
/// message, and an accepted configuration's `jsonText` reads back to an equal configuration with identical text.
enum ConfigurationFuzz {
    static func run(_ bytes: [UInt8]) {
        // The C boundary refuses invalid UTF-8 before the configuration sees the text.
        guard let text = String(validating: bytes, as: UTF8.self) else { return }
        let configuration: VitalsConfiguration
        do {
            configuration = try VitalsConfiguration(json: text)
        } catch {
            if error.detail.isEmpty { violated("a configuration error without a detail") }
            return
        }
        let written = configuration.jsonText
        guard let again = try? VitalsConfiguration(json: written) else {
            violated("an accepted configuration's jsonText is refused: \(written)")
        }
        guard again == configuration, again.jsonText == written else {
            violated("configuration JSON does not round-trip: \(written) vs \(again.jsonText)")
        }
    }
}
