import PpgCore
import StrictJSON

/// The first line of a recording: what wrote it, with which configuration, from which source, and when.
public struct RecordingHeader: Sendable, Equatable {
    /// The format's name, `neurofit-vitals-recording`.
    public static let formatName = "neurofit-vitals-recording"
    /// The major version this library writes and reads; a reader rejects any other major version.
    public static let majorVersion = 1
    /// The minor version this library writes; readers of the same major version accept any minor version.
    public static let minorVersion = 1

    /// `"<major>.<minor>"` of the file.
    public var version: String
    /// The SDK version that wrote the file.
    public var sdkVersion: String
    /// The engine version that wrote the file.
    public var engineVersion: String
    /// Wall-clock start of the recording, ISO 8601 UTC, as the caller passed it (never read inside).
    public var startedAt: String
    /// The effective configuration (`VitalsConfiguration.jsonValue`).
    public var configuration: JSONValue
    /// A free-form description of the source: for example `{"kind":"camera","name":…,"format":"YUYV",…}`.
    public var source: JSONValue

    /// A header for the current format version.
    public init(sdkVersion: String, engineVersion: String, startedAt: String, configuration: JSONValue,
                source: JSONValue) {
        self.version = "\(Self.majorVersion).\(Self.minorVersion)"
        self.sdkVersion = sdkVersion
        self.engineVersion = engineVersion
        self.startedAt = startedAt
        self.configuration = configuration
        self.source = source
    }
}
