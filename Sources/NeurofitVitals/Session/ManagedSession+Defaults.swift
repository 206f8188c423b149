extension ManagedSession {
    /// A session as the C ABI creates it: configuration from JSON (nil: the defaults, or a replayed recording's own),
    /// the PpgCore engine, and `defaultSource` (the default camera) when no other source is chosen.
    /// - Throws: `invalidArgument` with the exact "Invalid configuration: …" message.
    public static func make(configurationJSON: String?,
                            defaultSource: @escaping DefaultSource) throws(VitalsError) -> ManagedSession {
        let configuration: VitalsConfiguration?
        do {
            configuration = try configurationJSON.map { text throws(ConfigurationError) in
                try VitalsConfiguration(json: text)
            }
        } catch {
            throw VitalsError(error)
        }
        return ManagedSession(configuration: configuration, engineFactory: EngineAdapter.init,
                              defaultSource: defaultSource)
    }
}
