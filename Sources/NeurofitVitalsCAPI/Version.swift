import CNeurofitVitals
import NeurofitVitals

// Static C strings for the version queries: built once, never freed.
private let versionText = StaticCString(SDKVersion.string)
private let engineVersionText = StaticCString(SDKVersion.engine)
private let buildDateText = StaticCString(SDKVersion.buildDate)

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_version_number")
#endif
public func nfv_version_number() -> UInt32 { SDKVersion.number }

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_version_string")
#endif
public func nfv_version_string() -> UnsafePointer<CChar>? { versionText.pointer }

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_engine_version_string")
#endif
public func nfv_engine_version_string() -> UnsafePointer<CChar>? { engineVersionText.pointer }

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_build_date")
#endif
public func nfv_build_date() -> UnsafePointer<CChar>? { buildDateText.pointer }

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_abi_version")
#endif
public func nfv_abi_version() -> UInt32 { SDKVersion.abi }
