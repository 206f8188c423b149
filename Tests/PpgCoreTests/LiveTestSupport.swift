import PpgCore

/// Runs the live analyzer over synthetic readings and collects what it produced.
struct LiveRun: Sendable {
    /// Every step, one per pushed frame (same order as the frames).
    var steps: [LiveStep] = []

    /// Every reported beat, in order.
    var beats: [LiveBeat] { steps.flatMap(\.beats) }
    /// Every tick, in order.
    var ticks: [LiveTick] { steps.compactMap(\.tick) }

    /// Pushes the frames and motion samples of `reading` in time order (motion first on equal timestamps);
    /// `reset()` is called before the first frame at or after each of `resetTimes`.
    init(_ reading: SyntheticReading, options: LiveOptions = LiveOptions(), pushesMotion: Bool = true,
         resetAt resetTimes: [Double] = []) {
        var analyzer = LiveAnalyzer(options: options)
        var motionIndex = 0
        var pendingResets = resetTimes[...]
        for frame in reading.frames {
            while pushesMotion && motionIndex < reading.motion.count
                && reading.motion[motionIndex].timestamp <= frame.timestamp {
                analyzer.push(reading.motion[motionIndex])
                motionIndex += 1
            }
            if let reset = pendingResets.first, frame.timestamp >= reset {
                analyzer.reset()
                pendingResets = pendingResets.dropFirst()
            }
            steps.append(analyzer.push(frame))
        }
    }

    /// Ticks whose time lies in `range`.
    func ticks(in range: ClosedRange<Double>) -> [LiveTick] { ticks.filter { range.contains($0.time) } }
}

extension SyntheticReading {
    /// The engine fiducial (50 % upstroke) of every rendered heartbeat, in order.
    var trueBeatTimes: [Double] { truth.upstrokeTimesS.compactMap { $0 } }

    /// `60000 / mean` of the true intervals ending in `range`.
    func trueHeartRate(endingIn range: ClosedRange<Double>) -> Double {
        let times = trueBeatTimes
        let intervals = (1..<times.count).filter { range.contains(times[$0]) }.map { times[$0] - times[$0 - 1] }
        return 60 * Double(intervals.count) / intervals.reduce(0, +)
    }
}

/// Clean synthetic readings (two rhythms at 20, 30 and 60 fps) with their live runs, computed once.
struct LiveCleanCase: Sendable {
    let fps: Double
    let seed: UInt64
    let reading: SyntheticReading
    let run: LiveRun

    /// Reading length, seconds.
    static let duration = 45.0
    /// Heart and breathing rate of each seed.
    static let rhythms: [(seed: UInt64, heartRate: Double, breathingRate: Double)] = [(11, 62, 12), (12, 78, 18)]

    /// Every case.
    static let all: [LiveCleanCase] = [20.0, 30.0, 60.0].flatMap { fps in
        rhythms.map { rhythm in
            let configuration = SyntheticConfiguration(
                seed: rhythm.seed,
                rhythm: RhythmParameters(heartRateBpm: rhythm.heartRate, breathingRateBrpm: rhythm.breathingRate),
                camera: CameraParameters(framesPerSecond: fps))
            let reading = SyntheticReading(configuration: configuration, durationS: duration)
            return LiveCleanCase(fps: fps, seed: rhythm.seed, reading: reading, run: LiveRun(reading))
        }
    }

    /// The cases at `fps`.
    static func at(_ fps: Double) -> [LiveCleanCase] { all.filter { $0.fps == fps } }

    /// Names the case in failure messages.
    var label: String { "\(Int(fps)) fps, seed \(seed)" }
}
