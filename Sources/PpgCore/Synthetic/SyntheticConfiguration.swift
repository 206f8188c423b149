/// Everything that defines a synthetic reading: seed, rhythm, camera mapping, accelerometer, scenario timeline
/// and injected beat artifacts. The same configuration always produces the same samples, bit for bit.
public struct SyntheticConfiguration: Sendable, Equatable {
    /// Seed of every random draw.
    public var seed: UInt64
    /// Heart rhythm and breathing.
    public var rhythm: RhythmParameters
    /// Blood volume → frame means.
    public var camera: CameraParameters
    /// Accelerometer.
    public var motion: MotionParameters
    /// Scenario timeline (segments may overlap; steady finger elsewhere).
    public var scenario: [ScenarioSegment]
    /// Beat artifacts by heartbeat index.
    public var beatArtifacts: [BeatArtifact]

    /// Creates a configuration (defaults: the clean synthetic recipe at 30 fps, steady finger, no artifacts).
    public init(seed: UInt64, rhythm: RhythmParameters = RhythmParameters(),
                camera: CameraParameters = CameraParameters(), motion: MotionParameters = MotionParameters(),
                scenario: [ScenarioSegment] = [], beatArtifacts: [BeatArtifact] = []) {
        self.seed = seed
        self.rhythm = rhythm
        self.camera = camera
        self.motion = motion
        self.scenario = scenario
        self.beatArtifacts = beatArtifacts
    }
}
