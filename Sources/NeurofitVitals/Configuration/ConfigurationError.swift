/// A configuration the library cannot run with: a JSON text that does not parse, an unknown key, a value of the
/// wrong type, or a value outside the rules of docs/configuration.md.
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, naming the key, e.g. `readingDuration must be greater than 0 and at most 3600 seconds` or
    /// `unknown key advanced.startGateWindow`.
    public let detail: String

    /// Creates an error with its detail text.
    public init(detail: String) {
        self.detail = detail
    }

    /// `"Invalid configuration: <detail>"`, the message the reference SDKs use.
    public var message: String { "Invalid configuration: " + detail }

    /// The message.
    public var description: String { message }
}

extension VitalsError {
    /// A configuration error as the C ABI reports it: `invalidArgument` with the exact documented message.
    public init(_ error: ConfigurationError) {
        self.init(.invalidArgument, error.message)
    }
}
