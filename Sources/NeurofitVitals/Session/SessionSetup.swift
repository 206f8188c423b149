/// What a host chooses before a session starts: the configuration, the source, a recording, where events go and
/// whether a reading may start on its own. A `Session` is built from it; the C handle fills one in step by step.
public struct SessionSetup: Sendable {
    /// Builds the default source (the default camera, run with the session's configuration) when none was chosen.
    public typealias DefaultSource = @Sendable (VitalsConfiguration) throws(VitalsError) -> any FrameSource

    /// The host's configuration; nil: a replayed recording's own, else the defaults.
    public var configuration: VitalsConfiguration?
    /// The frame source; nil: the default source the session is given.
    public var source: (any FrameSource)?
    /// When set, what the session consumes is written there (docs/recording-format.md).
    public var recordingPath: String?
    /// Events go to this callback on the session's event thread instead of `Session.nextEvent`.
    public var callback: (@Sendable (TimedEvent) -> Void)?
    /// Called once when no callback can follow any more — the event stream ended, or `Session.release` (see
    /// `DeliveryGate`): the host may then free what its callback uses.
    public var released: (@Sendable () -> Void)?
    /// Preview frames of a source that can show them go there (nil: none, and no scaling cost).
    public var preview: PreviewMailbox?
    /// While false, positioning continues but no reading starts. Later changes go to the running session.
    public var autoStart = true

    /// A setup with `configuration` (nil: see `configuration`) and `source` (nil: the default source).
    public init(configuration: VitalsConfiguration? = nil, source: (any FrameSource)? = nil) {
        self.configuration = configuration
        self.source = source
    }

    /// A setup whose configuration is parsed from the JSON a host passes (nil: no configuration given).
    /// - Throws: `invalidArgument` with the exact "Invalid configuration: …" message.
    public init(configurationJSON: String?) throws(VitalsError) {
        do {
            self.init(configuration: try configurationJSON.map { text throws(ConfigurationError) in
                try VitalsConfiguration(json: text)
            })
        } catch {
            throw VitalsError(error)
        }
    }

    /// The host's configuration, or the defaults: what a camera chosen before start runs with.
    public var configurationOrDefaults: VitalsConfiguration { configuration ?? VitalsConfiguration() }

    /// The configuration a session with `source` runs with: the host's, else a replayed recording's own, else the
    /// defaults.
    public func effectiveConfiguration(for source: any FrameSource) -> VitalsConfiguration {
        configuration ?? (source as? ReplaySource)?.recordedConfiguration ?? VitalsConfiguration()
    }
}
