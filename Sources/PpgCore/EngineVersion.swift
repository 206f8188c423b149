/// Identity of the PpgCore engine.
public enum EngineVersion {
    /// The engine's semantic version (SPEC §2).
    public static let string = "1.3.0"
}
