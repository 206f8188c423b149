import PpgCore

/// Runs the live analyzer over synthetic readings and collects what it produced.
struct LiveRun {
    /// Every step, one per pushed frame.
    var steps: [LiveStep] = []

    /// Every reported beat, in order.
    var beats: [LiveBeat] { steps.flatMap(\.beats) }
    /// Every tick, in order.
    var ticks: [LiveTick] { steps.compactMap(\.tick) }

    /// Pushes the frames and motion samples of `reading` in time order (motion first on equal timestamps).
    init(_ reading: SyntheticReading, options: LiveOptions = LiveOptions(), resetAt resetTimes: [Double] = []) {
        var analyzer = LiveAnalyzer(options: options)
        self.init(reading, analyzer: &analyzer, resetAt: resetTimes)
    }

    /// Like `init(_:options:resetAt:)` with a given analyzer (left in its final state); `reset()` is called before
    /// the first frame at or after each of `resetTimes`.
    init(_ reading: SyntheticReading, analyzer: inout LiveAnalyzer, resetAt resetTimes: [Double] = []) {
        var motionIndex = 0
        var pendingResets = resetTimes[...]
        for frame in reading.frames {
            while motionIndex < reading.motion.count && reading.motion[motionIndex].timestamp <= frame.timestamp {
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

    /// The tick at (or just after) `time`.
    func tick(at time: Double) -> LiveTick? { ticks.first { $0.time >= time - 1e-9 } }
}

extension SyntheticReading {
    /// The engine fiducial (50 % upstroke) of every rendered heartbeat inside `window`.
    func trueBeatTimes(in window: ClosedRange<Double>) -> [Double] {
        truth.upstrokeTimesS.compactMap { $0 }.filter { window.contains($0) }
    }
}
