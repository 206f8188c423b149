import CBuildInfo
import CNeurofitVitals
import PpgCore

/// Versions and build facts of this library.
public enum SDKVersion {
    /// The SDK's semantic version, stamped on every result: the header's `NFV_VERSION_*`.
    public static let string = "\(NFV_VERSION_MAJOR).\(NFV_VERSION_MINOR).\(NFV_VERSION_PATCH)"
    /// `major * 1_000_000 + minor * 1_000 + patch`.
    public static let number = UInt32(NFV_VERSION_MAJOR * 1_000_000 + NFV_VERSION_MINOR * 1_000 + NFV_VERSION_PATCH)
    /// The ABI generation; it matches the SONAME's number (the header's `NFV_ABI_VERSION`).
    public static let abi = UInt32(NFV_ABI_VERSION)
    /// The engine's version.
    public static let engine = EngineVersion.string
    /// The build date, `YYYY-MM-DD`.
    public static let buildDate = String(cString: cbuildinfo_build_date())
}
