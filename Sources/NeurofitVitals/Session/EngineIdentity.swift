/// Constants that identify this engine in cancel contexts and diagnostics.
public enum EngineIdentity {
    /// The `engine` value.
    public static let name = "neurofit_vitals"
    /// The `refine_mode` value: an opaque per-platform constant.
    public static let refineMode = "upstroke50"
}
