import CNeurofitVitals
import NeurofitVitals
import NeurofitVitalsCamera
import PpgCore
import StrictJSON

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_cameras")
#endif
public func nfv_cameras(_ outJson: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> nfv_status {
    cCall { () throws(VitalsError) in
        let output = try Arguments.stringOutput(outJson, "out_json")
        output.pointee = try newCString(JSONValue.array(CameraDiscovery().cameras().map(\.jsonValue)).serialized())
    }
}

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_device_support")
#endif
public func nfv_device_support(_ device: UnsafePointer<CChar>?,
                               _ outJson: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> nfv_status {
    cCall { () throws(VitalsError) in
        let output = try Arguments.stringOutput(outJson, "out_json")
        let name = try Arguments.optionalString(device, "device")
        output.pointee = try newCString(DeviceSupport.query(device: name).jsonValue.serialized())
    }
}

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_camera_access")
#endif
public func nfv_camera_access(_ device: UnsafePointer<CChar>?,
                              _ outJson: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> nfv_status {
    cCall { () throws(VitalsError) in
        let output = try Arguments.stringOutput(outJson, "out_json")
        let name = try Arguments.optionalString(device, "device")
        output.pointee = try newCString(CameraAccess.query(device: name).jsonValue.serialized())
    }
}

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_session_use_camera")
#endif
public func nfv_session_use_camera(_ session: OpaquePointer?, _ device: UnsafePointer<CChar>?) -> nfv_status {
    cCall { () throws(VitalsError) in
        let session = try sessions.object(session)
        let name = try Arguments.optionalString(device, "device")
        try session.chooseSource { (configuration) throws(VitalsError) in
            try CameraSource(device: name, configuration: configuration)
        }
    }
}
