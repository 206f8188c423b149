import CNeurofitVitals
import Glibc
import NeurofitVitals
import StrictJSON

private let statusNames: [StaticCString] = ErrorCode.allCases.map { StaticCString($0.rawValue) }
private let okName = StaticCString("ok")
private let timeoutName = StaticCString("timeout")
private let doneName = StaticCString("done")
private let unknownName = StaticCString("unknown")

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_status_name")
#endif
public func nfv_status_name(_ status: nfv_status) -> UnsafePointer<CChar>? {
    if status == NFV_OK { return okName.pointer }
    if status == NFV_TIMEOUT { return timeoutName.pointer }
    if status == NFV_DONE { return doneName.pointer }
    let index = ErrorCode.allCases.firstIndex { nfv_status(for: $0) == status }
    return index.map { statusNames[$0].pointer } ?? unknownName.pointer
}

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_last_error_code")
#endif
public func nfv_last_error_code() -> nfv_status { LastError.current.status }

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_last_error_message")
#endif
public func nfv_last_error_message() -> UnsafePointer<CChar>? { UnsafePointer(LastError.current.message) }

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_last_error_retryable")
#endif
public func nfv_last_error_retryable() -> CInt { LastError.current.retryable ? 1 : 0 }

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_last_error_json")
#endif
public func nfv_last_error_json() -> UnsafeMutablePointer<CChar>? {
    strdup((LastError.current.error?.jsonValue ?? VitalsError.noErrorJSON).serialized())
}

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_string_free")
#endif
public func nfv_string_free(_ string: UnsafeMutablePointer<CChar>?) { free(string) }
