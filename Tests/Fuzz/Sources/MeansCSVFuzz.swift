@testable import PpgCore
@testable import NeurofitVitals

/// `nfv_session_use_replay` / `nfv analyze` on a CSV of means: frames or an `invalidArgument` naming the line,
/// never a trap; accepted frames are finite with increasing timestamps.
enum MeansCSVFuzz {
    static func run(_ bytes: [UInt8]) {
        let frames: [FrameSample]
        do {
            frames = try MeansCSVReader.read(bytes: bytes, name: "fuzz.csv")
        } catch {
            if error.code != .invalidArgument || !error.message.hasPrefix("fuzz.csv") {
                violated("CSV refusal is not an invalidArgument naming the input: \(error.message)")
            }
            return
        }
        var previous = -Double.infinity
        for frame in frames {
            guard frame.timestamp > previous, [frame.red, frame.green, frame.blue].allSatisfy(\.isFinite) else {
                violated("an accepted CSV frame is not finite or out of order: \(frame)")
            }
            previous = frame.timestamp
        }
    }
}
