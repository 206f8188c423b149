/// One fuzz target: a name (also its corpus folder, `Tests/Fuzz/corpus/<name>`) and what it does with an input.
/// A target states the properties its code must keep and stops the process (`violated`) when one fails, so
/// libFuzzer records the input as a crash.
struct FuzzTarget {
    /// The target's name.
    let name: String
    /// Runs one input.
    let run: ([UInt8]) -> Void

    /// Every target, in the order `scripts/fuzz` runs them.
    static let all: [FuzzTarget] = [
        FuzzTarget(name: "configuration", run: ConfigurationFuzz.run),
        FuzzTarget(name: "json-roundtrip", run: JSONRoundTripFuzz.run),
        FuzzTarget(name: "event-json", run: EventJSONFuzz.run),
        FuzzTarget(name: "license", run: LicenseFuzz.run),
        FuzzTarget(name: "recording", run: RecordingFuzz.run),
        FuzzTarget(name: "y4m", run: Y4MFuzz.run),
        FuzzTarget(name: "means-csv", run: MeansCSVFuzz.run),
        FuzzTarget(name: "frame-submission", run: FrameSubmissionFuzz.run),
        FuzzTarget(name: "host-timestamps", run: HostTimestampFuzz.run),
        FuzzTarget(name: "simulator-options", run: SimulatorOptionsFuzz.run),
        FuzzTarget(name: "analysis", run: AnalysisFuzz.run),
    ]
}

/// Stops the process with `message`: a property of the code under test does not hold for this input.
func violated(_ message: String) -> Never {
    fatalError("fuzz property violated: \(message)")
}
