/// Identity of the PpgCore engine.
public enum EngineVersion {
    /// The engine's semantic version.
    public static let string = "1.3.0"
}
