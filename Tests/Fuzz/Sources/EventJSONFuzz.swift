@testable import PpgCore
@testable import NeurofitVitals
import StrictJSON

/// Events built from host-supplied or hostile strings and numbers (cancel reasons, error messages, device names,
/// app ids) serialize to strict JSON that parses back to the event's value.
enum EventJSONFuzz {
    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let selector = input.byte()
        let number = input.double()
        let text = String(decoding: input.rest(), as: UTF8.self)
        let event: SessionEvent
        switch selector % 6 {
        case 0: event = .cancelled(.host(text), context(reason: text, number: number))
        case 1: event = .failed(VitalsError(.internalError, text))
        case 2: event = .recordingError(VitalsError(.invalidArgument, text, retryable: number > 0))
        case 3: event = .recoverableError(text)
        case 4: event = .heartbeat(ibiMs: number.isFinite ? number : nil)
        default: event = .guidance(.compliant, startProgress: number.isFinite ? number : 0)
        }
        JSONChecks.expectRoundTrip(event.jsonValue)
        guard (try? JSONValue(parsing: event.json)) == event.jsonValue else {
            violated("event JSON does not parse back: \(event.json.prefix(200))")
        }
    }

    private static func context(reason: String, number: Double) -> CancelContext {
        var context = CancelContext(reason: reason, effectiveFps: 30, deviceModel: reason)
        context.elapsedSeconds = number.isFinite ? number : nil
        return context
    }
}
