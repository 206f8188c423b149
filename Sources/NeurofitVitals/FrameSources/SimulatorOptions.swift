import Glibc
import PpgCore
import StrictJSON

/// The simulated finger's settings (`nfv_session_use_simulator`, `nfv read --simulate`; docs/simulator.md): a
/// resting adult by default, with settable heart rate, HRV, breathing rate, noise, frame rate, seed, pacing and a
/// scripted scenario.
public struct SimulatorOptions: Sendable, Equatable {
    /// Heart rate, bpm (30…220).
    public var heartRateBpm = 70.0
    /// Target RMSSD, ms (0…200): scales the rhythm's respiratory, low-frequency and beat-to-beat variability.
    public var rmssdMs = 26.0
    /// Breathing rate, breaths per minute (4…40).
    public var breathingRateBrpm = 15.0
    /// White noise of the red frame mean, 8-bit counts (0…5).
    public var noise = 0.12
    /// Frame rate (10…120).
    public var fps = 30.0
    /// Seed of every random draw.
    public var seed: UInt64 = 1
    /// Pace frames at their timestamps (true) or as fast as the session consumes (false).
    public var realTime = true
    /// Scripted conditions over the timeline (seconds from the first frame).
    public var scenario: [ScenarioStep] = []

    /// One scripted condition.
    public struct ScenarioStep: Sendable, Equatable {
        /// When it begins, seconds from the first frame.
        public var at: Double
        /// How long it lasts, seconds.
        public var duration: Double
        /// What happens.
        public var condition: Condition

        /// Creates a step.
        public init(at: Double, duration: Double, condition: Condition) {
            self.at = at
            self.duration = duration
            self.condition = condition
        }
    }

    /// The scripted conditions a host can name.
    public enum Condition: String, Sendable, CaseIterable {
        /// No finger on the camera (a dark, covered lens with no pulse).
        case noContact
        /// The finger lifted into a lit room.
        case lifted
        /// A motion burst.
        case motion
        /// A faint pulse (cold finger, too much pressure).
        case weak
        /// Red clipped near 255.
        case saturated
        /// The camera delivers no frames.
        case stall
        /// Half the frames are lost.
        case frameLoss

        var signalCondition: SignalCondition {
            switch self {
            case .noContact: .noContactDark(level: ChannelTriple(red: 12, green: 8, blue: 8))
            case .lifted: .fingerLifted
            case .motion: .typicalMotion
            case .weak: .weakSignal(redAcFraction: 0.0025)
            case .saturated: .saturation(redDC: 252)
            case .stall: .frameStall
            case .frameLoss: .frameLoss(probability: 0.5)
            }
        }
    }

    /// The defaults.
    public init() {}

    /// Parses the options JSON (nil or "" for the defaults).
    /// - Throws: `invalidArgument` naming an unknown key, a wrong type or a value out of range.
    public init(json text: String?) throws(VitalsError) {
        self.init()
        guard let text, !text.isEmpty else { return }
        guard let members = try Self.document(text).objectValue else {
            throw .invalidArgument("Invalid simulator options: expected a JSON object")
        }
        for key in JSONValue.sortedKeys(of: members) {
            try apply(key: key, value: members[key]!)
        }
    }

    /// Replaces the scenario with the steps of a JSON array text (`nfv read --scenario`).
    /// - Throws: `invalidArgument` as `init(json:)` does for its `scenario` key.
    public mutating func setScenario(json text: String) throws(VitalsError) {
        try apply(key: "scenario", value: Self.document(text))
    }

    private static func document(_ text: String) throws(VitalsError) -> JSONValue {
        do {
            return try JSONValue(parsing: text)
        } catch {
            throw .invalidArgument("Invalid simulator options: not valid JSON (\(error))")
        }
    }

    private mutating func apply(key: String, value: JSONValue) throws(VitalsError) {
        switch key {
        case "heartRateBpm": heartRateBpm = try Self.number(value, key, 30...220)
        case "rmssdMs": rmssdMs = try Self.number(value, key, 0...200)
        case "breathingRateBrpm": breathingRateBrpm = try Self.number(value, key, 4...40)
        case "noise": noise = try Self.number(value, key, 0...5)
        case "fps": fps = try Self.number(value, key, 10...120)
        case "seed":
            guard let number = value.numberValue, number >= 0, number < 9.0e15, number == number.rounded() else {
                throw Self.problem("seed must be a non-negative integer")
            }
            seed = UInt64(number)
        case "realTime":
            guard let flag = value.boolValue else { throw Self.problem("realTime must be true or false") }
            realTime = flag
        case "scenario":
            guard let steps = value.arrayValue else { throw Self.problem("scenario must be an array") }
            scenario = try steps.enumerated().map { (index, step) throws(VitalsError) in
                try Self.step(step, index: index)
            }
        default:
            throw Self.problem("unknown key \(key)")
        }
    }

    private static func step(_ value: JSONValue, index: Int) throws(VitalsError) -> ScenarioStep {
        let name = "scenario[\(index)]"
        guard let members = value.objectValue else { throw problem("\(name) must be an object") }
        if let unknown = JSONValue.sortedKeys(of: members).first(where: { !["at", "for", "condition"].contains($0) }) {
            throw problem("unknown key \(name).\(unknown)")
        }
        guard let conditionName = members["condition"]?.stringValue,
              let condition = Condition(rawValue: conditionName) else {
            let known = Condition.allCases.map(\.rawValue).joined(separator: ", ")
            throw problem("\(name).condition must be one of \(known)")
        }
        let at = try number(members["at"] ?? .null, "\(name).at", 0...86_400)
        let duration = try number(members["for"] ?? .null, "\(name).for", 0...86_400)
        return ScenarioStep(at: at, duration: duration, condition: condition)
    }

    private static func number(_ value: JSONValue, _ key: String, _ range: ClosedRange<Double>) throws(VitalsError)
        -> Double {
        guard let number = value.numberValue, range.contains(number) else {
            throw problem("\(key) must be a number in \(range.lowerBound)...\(range.upperBound)")
        }
        return number
    }

    private static func problem(_ detail: String) -> VitalsError {
        .invalidArgument("Invalid simulator options: \(detail)")
    }

    /// The generator configuration: the synthetic recipe with this heart rate, breathing, noise and frame rate, the
    /// rhythm's variability scaled so RMSSD comes out near `rmssdMs`, and the scenario.
    public var syntheticConfiguration: SyntheticConfiguration {
        var rhythm = RhythmParameters(heartRateBpm: heartRateBpm, breathingRateBrpm: breathingRateBrpm)
        let scale = rmssdMs / max(Self.expectedRmssd(rhythm), 1e-6)
        rhythm.rsaAmplitudeMs *= scale
        rhythm.lfAmplitudeMs *= scale
        rhythm.whiteNoiseMs *= scale
        var camera = CameraParameters(framesPerSecond: fps)
        camera.noise.red = noise
        let segments = scenario.map {
            ScenarioSegment(startS: $0.at, durationS: $0.duration, condition: $0.condition.signalCondition)
        }
        return SyntheticConfiguration(seed: seed, rhythm: rhythm, camera: camera, scenario: segments)
    }

    /// The simulated-finger source.
    public func makeSource() -> SimulatedFingerSource {
        SimulatedFingerSource(configuration: syntheticConfiguration, realTime: realTime)
    }

    /// RMSSD of the synthetic rhythm: 2A_rsa²·sin²(π f_r RR₀) + 2A_lf²·sin²(π f_lf RR₀) + 2σ_w².
    static func expectedRmssd(_ rhythm: RhythmParameters) -> Double {
        let interval = rhythm.meanIntervalMs / 1000
        let rsa = 2 * pow(rhythm.rsaAmplitudeMs * sin(Double.pi * rhythm.breathingFrequencyHz * interval), 2)
        let lf = 2 * pow(rhythm.lfAmplitudeMs * sin(Double.pi * rhythm.lfFrequencyHz * interval), 2)
        return (rsa + lf + 2 * rhythm.whiteNoiseMs * rhythm.whiteNoiseMs).squareRoot()
    }
}
