import CNeurofitVitals
import NeurofitVitals

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_compare")
#endif
public func nfv_compare(_ baselineJson: UnsafePointer<CChar>?, _ followUpJson: UnsafePointer<CChar>?,
                        _ outJson: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> nfv_status {
    cCall { () throws(VitalsError) in
        let output = try Arguments.stringOutput(outJson, "out_json")
        let assessment = try VitalsChange.compare(
            baselineJSON: Arguments.string(baselineJson, "baseline_json"),
            followUpJSON: Arguments.string(followUpJson, "follow_up_json"),
            baselineName: "baseline_json", followUpName: "follow_up_json")
        output.pointee = try newCString(assessment.jsonValue.serialized())
    }
}
