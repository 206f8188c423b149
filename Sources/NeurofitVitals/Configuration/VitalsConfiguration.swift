/// How a session reads: every setting has the iOS production default of the reading-lifecycle reference
///, so `VitalsConfiguration()` is what a host gets when it passes no configuration.
///
/// Build one in Swift and call `validate()`, or parse the optional JSON object a host passes with
/// `VitalsConfiguration(json:)`, which checks keys, types and the validation rules. `jsonValue` / `jsonText` give
/// the effective configuration back (recordings store it). Keys, defaults and messages: docs/configuration.md.
public struct VitalsConfiguration: Sendable, Equatable {
    /// Length of a reading in seconds; must be finite and in (0, 3600]. Default 60.
    public var readingDuration: Double = 60
    /// After a cancel: back to positioning (true) or to idle with the camera off (false). Default true.
    public var autoRestartAfterCancel: Bool = true
    /// Use accelerometer samples as a breathing-rate channel. Default true.
    public var motionBreathing: Bool = true
    /// Capture and gating parameters.
    public var advanced: AdvancedConfiguration = AdvancedConfiguration()

    /// The default configuration.
    public init() {}
}
