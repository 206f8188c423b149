import Glibc
@testable import PpgCore
@testable import NeurofitVitals
@testable import NeurofitVitalsCAPI
import StrictJSON

/// `nfv_analyze` and the live engine a replay drives: frames with any finite values, repeated or jumping
/// timestamps (a CSV or recording can hold them) are analysed without a trap; a result has finite numbers only
/// and strict JSON text.
///
/// The first byte chooses the frame encoding: raw `Double` bit patterns (32 bytes a frame), or a compact form over
/// a clean synthetic pulse (4 bytes a frame: a timing control byte and perturbations of red, green and blue) that
/// reaches beat detection, intervals and breathing.
enum AnalysisFuzz {
    /// Most frames per input.
    static let frameLimit = 1_200

    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let mode = input.byte()
        let frames = mode & 1 == 0 ? rawFrames(&input) : compactFrames(&input, fps: 10 + Double((mode >> 1) % 111))
        var live = LiveAnalyzer()
        for frame in frames {
            let step = live.push(frame)
            if let tick = step.tick, !tick.time.isFinite { violated("a live tick at a non-finite time") }
        }
        let finite = frames.filter { [$0.timestamp, $0.red, $0.green, $0.blue].allSatisfy(\.isFinite) }
        guard case .success(let result) = FinalAnalyzer(options: AnalysisOptions()).analyze(frames: finite) else {
            return
        }
        let numbers = [result.durationSeconds, result.heartRateBpm, result.confidence]
            + [result.rmssdMs, result.sdnnMs, result.baevskyStressIndex, result.sd2sd1, result.breathingRateBrpm]
                .compactMap { $0 }
        guard numbers.allSatisfy(\.isFinite) else { violated("a result with a non-finite number") }
        guard let parsed = try? JSONValue(parsing: result.jsonText) else {
            violated("result JSON is not strict JSON: \(result.jsonText.prefix(200))")
        }
        JSONChecks.expectRoundTrip(parsed)
    }

    private static func rawFrames(_ input: inout FuzzInput) -> [FrameSample] {
        var frames: [FrameSample] = []
        while !input.isEmpty, frames.count < frameLimit {
            frames.append(FrameSample(timestamp: input.double(), red: input.double(), green: input.double(),
                                      blue: input.double()))
        }
        return frames
    }

    private static func compactFrames(_ input: inout FuzzInput, fps: Double) -> [FrameSample] {
        var frames: [FrameSample] = []
        var time = 0.0
        while !input.isEmpty, frames.count < frameLimit {
            time = advance(time, control: input.byte(), interval: 1 / fps)
            let pulse = 120 + 8 * sin(2 * Double.pi * 1.2 * time) + 2 * sin(2 * Double.pi * 0.25 * time)
            frames.append(FrameSample(timestamp: time, red: min(max(pulse + Double(Int8(bitPattern: input.byte())) / 8, 0), 255),
                                      green: 40 + Double(input.byte()) / 32, blue: 30 + Double(input.byte()) / 32))
        }
        return frames
    }

    /// The next timestamp: a repeat (0), jitter around one frame interval (1…250), or a jump.
    private static func advance(_ time: Double, control: UInt8, interval: Double) -> Double {
        switch control {
        case 0: time
        case 251: time + 10
        case 252: time + 1e6
        case 253: time + 1e18
        case 254: time - 5
        case 255: time + 1e300
        default: time + interval * Double(control) / 100
        }
    }
}
