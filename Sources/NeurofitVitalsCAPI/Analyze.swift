import CNeurofitVitals
import Glibc
import NeurofitVitals
import PpgCore

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_analyze")
#endif
public func nfv_analyze(_ timestampsS: UnsafePointer<Double>?, _ red: UnsafePointer<Double>?,
                        _ green: UnsafePointer<Double>?, _ blue: UnsafePointer<Double>?, _ count: Int,
                        _ optionsJson: UnsafePointer<CChar>?,
                        _ outResultJson: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> nfv_status {
    cCall { () throws(VitalsError) in
        let output = try Arguments.stringOutput(outResultJson, "out_result_json")
        let frames = try BatchFrames.frames(timestampsS, red, green, blue, count: count)
        let options = try AnalysisOptions(configurationJSON: Arguments.optionalString(optionsJson, "options_json"))
        switch FinalAnalyzer(options: options).analyze(frames: frames) {
        case .success(let result): output.pointee = try newCString(result.jsonText)
        case .failure(let error): throw VitalsError(.noHeartRate, error.message)
        }
    }
}

/// Argument conversion for `nfv_analyze`.
enum BatchFrames {
    /// The frames of four parallel arrays; every array must be non-NULL when `count` > 0 and every value finite.
    static func frames(_ timestamps: UnsafePointer<Double>?, _ red: UnsafePointer<Double>?,
                       _ green: UnsafePointer<Double>?, _ blue: UnsafePointer<Double>?,
                       count: Int) throws(VitalsError) -> [FrameSample] {
        guard count > 0 else { return [] }
        guard let timestamps, let red, let green, let blue else {
            throw .invalidArgument("timestamps_s, red, green and blue must not be NULL when count > 0")
        }
        var frames: [FrameSample] = []
        frames.reserveCapacity(count)
        for index in 0..<count {
            let frame = FrameSample(timestamp: timestamps[index], red: red[index], green: green[index],
                                    blue: blue[index])
            guard frame.timestamp.isFinite, frame.red.isFinite, frame.green.isFinite, frame.blue.isFinite else {
                throw .invalidArgument("frame \(index) has a non-finite value")
            }
            frames.append(frame)
        }
        return frames
    }
}
