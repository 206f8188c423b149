/// A reading's valid frames, their timing and gap-free runs, from which each colour channel is resampled onto
/// uniform segments on demand; and the reading-level spectrum of band-passed segments.
public struct ReadingSignal: Sendable {
    /// Frames used (finite values, strictly increasing timestamps), in order.
    public var frames: [FrameSample]
    /// Timing figures of `frames`.
    public var timing: FrameTiming
    /// Index ranges of `frames` that are resampled as gap-free segments (at least `minimumSegmentSeconds` long).
    public var segmentRuns: [Range<Int>]
    /// Capture time (s) of each frame: the `CaptureTimeEstimator` estimate within segment runs, else the stamp.
    public var captureTimes: [Double]
    /// The resampling spline of each segment run on its grid (`UniformResampler.splineGrid` at the capture times),
    /// made with the other figures from the frames and shared by every channel resampled.
    private var grids: [SplineGrid]
    /// The frames' delivery delays of each segment run (`CaptureTimeEstimator.captureTimesAndDelays`, found with
    /// the capture times), from which `captureNoise` models the capture-time error.
    private var runDelays: [[Double]]

    /// Segments shorter than this are not analysed, seconds.
    public static let minimumSegmentSeconds = 4.0

    /// Prepares `frames` (any order of validity; non-finite and non-increasing frames are dropped).
    public init(frames input: [FrameSample]) {
        self.frames = Self.usable(input)
        let timestamps = frames.map(\.timestamp)
        timing = FrameTiming(timestamps: timestamps)
        segmentRuns = []
        captureTimes = timestamps
        grids = []
        runDelays = []
        guard timing.medianInterval > 0 else { return }
        // The median stamp interval is found once: the stamps increase strictly, so the resampler's runs and a
        // run over every frame look at the same intervals as the timing figures.
        segmentRuns = UniformResampler(sampleRate: 1 / timing.medianInterval)
            .runs(timestamps: timestamps, medianInterval: timing.medianInterval).filter {
                timestamps[$0.upperBound - 1] - timestamps[$0.lowerBound] >= Self.minimumSegmentSeconds
            }
        for run in segmentRuns {
            let (times, delays) = CaptureTimeEstimator.captureTimesAndDelays(
                timestamps[run], period: run == timestamps.indices ? timing.medianInterval : nil)
            if run == captureTimes.indices {
                captureTimes = times   // one run over every frame: its times are all the capture times
            } else {
                captureTimes.replaceSubrange(run, with: times)
            }
            runDelays.append(delays)
        }
        let resampler = UniformResampler(sampleRate: sampleRate)
        grids = segmentRuns.map { resampler.splineGrid(timestamps: captureTimes, run: $0) }
    }

    /// The frames of `input` with finite values whose timestamp exceeds the last kept one, in order: `input`
    /// itself (no copy) when every frame is such.
    private static func usable(_ input: [FrameSample]) -> [FrameSample] {
        let keeps = { (frame: FrameSample, last: FrameSample?) in
            frame.timestamp.isFinite && frame.red.isFinite && frame.green.isFinite && frame.blue.isFinite
                && !(last.map { frame.timestamp <= $0.timestamp } ?? false)
        }
        if input.indices.allSatisfy({ keeps(input[$0], $0 > 0 ? input[$0 - 1] : nil) }) { return input }
        var frames: [FrameSample] = []
        frames.reserveCapacity(input.count)
        for frame in input where keeps(frame, frames.last) { frames.append(frame) }
        return frames
    }

    /// The raw (intensity polarity) gap-free segments of `channel`, resampled onto the uniform grid on each call
    /// (a reading analyses only the channels it needs): `UniformResampler.resample` of each run, the run placed
    /// at its frames' capture times (`CaptureTimeEstimator`), not at their jittered delivery stamps, with the
    /// spline's share that the channels have in common made once (`SplineGrid`).
    public func rawSegments(of channel: PulseChannel) -> [UniformSegment] {
        let values = frames.map { channel.value(in: $0) }
        return zip(segmentRuns, grids).map { run, grid in
            UniformSegment(startTime: captureTimes[run.lowerBound], sampleRate: sampleRate,
                           samples: grid.values(Array(values[run])))
        }
    }

    /// The capture-time error model of each segment run (`CaptureTimeNoise`, in `segmentRuns` order, the order of
    /// the raw segments and of the beats' `segment`); nil for a run shorter than one estimate's window.
    public func captureNoise() -> [CaptureTimeNoise?] {
        zip(segmentRuns, runDelays).map { run, delays in
            run.count >= 2 * CaptureTimeEstimator.halfWidth + 1 && sampleRate > 0
                ? CaptureTimeNoise(delays: delays, sampleRate: sampleRate) : nil
        }
    }

    /// Grid rate of the segments, Hz (0 without frames).
    public var sampleRate: Double { timing.medianInterval > 0 ? 1 / timing.medianInterval : 0 }

    /// Seconds from the first to the last frame.
    public var duration: Double {
        guard let first = frames.first, let last = frames.last else { return 0 }
        return last.timestamp - first.timestamp
    }

    /// Average of 10 s Hann periodograms (5 s step) over the band-passed `pulses`, each zero-padded to 2048 points
    /// (or the next power of two above a longer window); the FFT plan comes from `plans`.
    public static func readingSpectrum(_ pulses: [UniformSegment], windowSeconds: Double = 10,
                                       plans: inout FourierPlans) -> PowerSpectrum? {
        guard let rate = pulses.first?.sampleRate else { return nil }
        let length = Int((windowSeconds * rate).rounded())
        guard length >= 4 else { return nil }
        var workspace = PeriodogramWorkspace(plan: plans.plan(length: max(length, 2048)))
        // The first window's periodogram is written, not added to zeros (the same bits, without a zero-fill).
        var total: [Double] = []
        var windows = 0
        for pulse in pulses where pulse.samples.count >= length {
            var start = 0
            while start + length <= pulse.samples.count {
                let window = pulse.samples[start..<(start + length)]
                if windows == 0 {
                    total = workspace.periodogram(window, sampleRate: rate).power
                } else {
                    workspace.accumulate(window, into: &total)
                }
                windows += 1
                start += length / 2
            }
        }
        guard windows > 0 else { return nil }
        let resolution = rate / Double(workspace.plan.length)
        return PowerSpectrum(power: total.map { $0 / Double(windows) }, resolution: resolution)
    }
}
