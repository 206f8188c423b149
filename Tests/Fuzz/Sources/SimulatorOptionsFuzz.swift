@testable import PpgCore
@testable import NeurofitVitals

/// `nfv_session_use_simulator`'s options JSON: accepted or refused with an `invalidArgument` naming the option;
/// accepted options produce a generator whose first two seconds of frames are finite and in time order.
enum SimulatorOptionsFuzz {
    static func run(_ bytes: [UInt8]) {
        guard let text = String(validating: bytes, as: UTF8.self) else { return }
        let options: SimulatorOptions
        do {
            options = try SimulatorOptions(json: text)
        } catch {
            if error.code != .invalidArgument || !error.message.hasPrefix("Invalid simulator options: ") {
                violated("simulator refusal without the documented message: \(error.message)")
            }
            return
        }
        var stream = SyntheticPpgStream(configuration: options.syntheticConfiguration)
        var previous = -Double.infinity
        while let frame = stream.nextFrame(), frame.timestamp < 2 {
            guard frame.timestamp > previous, [frame.red, frame.green, frame.blue].allSatisfy(\.isFinite) else {
                violated("the simulator produced a frame out of order or not finite: \(frame)")
            }
            previous = frame.timestamp
        }
    }
}
