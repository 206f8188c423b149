import CBuildInfo
import PpgCore

/// Versions and build facts of this library.
public enum SDKVersion {
    /// The SDK's semantic version, stamped on every result.
    public static let string = "1.0.0"
    /// `major * 1_000_000 + minor * 1_000 + patch`.
    public static let number: UInt32 = 1_000_000
    /// The ABI generation; it matches the SONAME's number.
    public static let abi: UInt32 = 1
    /// The engine's version.
    public static let engine = EngineVersion.string
    /// The build date, `YYYY-MM-DD`.
    public static let buildDate = String(cString: cbuildinfo_build_date())
}
