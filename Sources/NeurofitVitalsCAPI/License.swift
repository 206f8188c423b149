import CNeurofitVitals
import NeurofitVitals
import StrictJSON

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_activate")
#endif
public func nfv_activate(_ licenseKey: UnsafePointer<CChar>?, _ appId: UnsafePointer<CChar>?) -> nfv_status {
    cCall { () throws(VitalsError) in
        let key = try Arguments.string(licenseKey, "license_key")
        let app = try Arguments.optionalString(appId, "app_id")
        try License.shared.activate(keyText: key, appId: app)
    }
}

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_license_status")
#endif
public func nfv_license_status(_ outJson: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> nfv_status {
    cCall { () throws(VitalsError) in
        let output = try Arguments.stringOutput(outJson, "out_json")
        output.pointee = try newCString(License.shared.status.jsonValue.serialized())
    }
}
