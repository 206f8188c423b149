import CNeurofitVitals
import NeurofitVitals

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_set_logging")
#endif
public func nfv_set_logging(_ enabled: CInt) {
    Log.setEnabled(enabled != 0)
}

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_set_log_callback")
#endif
public func nfv_set_log_callback(_ callback: nfv_log_fn?, _ userData: UnsafeMutableRawPointer?) {
    guard let callback else { return Log.setSink(nil) }
    let host = HostPointer(raw: userData)
    Log.setSink { line in line.withCString { callback(host.raw, $0) } }
}
