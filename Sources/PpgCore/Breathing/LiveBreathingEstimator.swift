/// The breathing rate during a reading: keeps the recent beats and motion and estimates from the last
/// `windowSeconds` once `minimumElapsedSeconds` of the reading have passed. Meant to be asked once per second.
public struct LiveBreathingEstimator: Sendable {
    /// When the reading started, seconds on the frames' clock.
    public let readingStart: Double
    /// Length of the analysis window, seconds.
    public let windowSeconds: Double
    /// Reading time before the first estimate, seconds.
    public let minimumElapsedSeconds: Double
    private let estimator: BreathingRateEstimator
    private var beats: [BreathingBeat] = []
    private var motion: [MotionSample] = []

    /// Creates a live estimator for a reading that started at `readingStart`.
    public init(readingStart: Double, configuration: BreathingConfiguration = BreathingConfiguration(),
                windowSeconds: Double = 60, minimumElapsedSeconds: Double = 30) {
        self.readingStart = readingStart
        self.windowSeconds = windowSeconds
        self.minimumElapsedSeconds = minimumElapsedSeconds
        self.estimator = BreathingRateEstimator(configuration: configuration)
    }

    /// Adds an accepted beat (in time order).
    public mutating func append(_ beat: BreathingBeat) {
        beats.append(beat)
        LiveBreathingEstimator.dropExpired(&beats, before: beat.time - windowSeconds, time: \.time)
    }

    /// Adds an accelerometer sample (in time order).
    public mutating func append(_ sample: MotionSample) {
        motion.append(sample)
        LiveBreathingEstimator.dropExpired(&motion, before: sample.timestamp - windowSeconds, time: \.timestamp)
    }

    /// The analysis of the last `windowSeconds` before `time`; nil before `minimumElapsedSeconds` of reading.
    public func estimate(at time: Double) -> BreathingAnalysis? {
        guard time - readingStart >= minimumElapsedSeconds else { return nil }
        let input = BreathingInput(beats: beats, motion: motion,
                                   windowStart: max(readingStart, time - windowSeconds), windowEnd: time)
        return estimator.analyze(input)
    }

    /// Removes the items older than `limit` once they make up a quarter of the buffer (amortised trimming).
    private static func dropExpired<Item>(_ items: inout [Item], before limit: Double, time: KeyPath<Item, Double>) {
        let expired = items.prefix { $0[keyPath: time] < limit }.count
        if expired * 4 >= items.count && expired > 0 { items.removeFirst(expired) }
    }
}
