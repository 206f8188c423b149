/// The last seconds of the current gap-free run of frames, band-passed and searched for beats with the final
/// analysis' extractor (zero-phase, so the result depends only on the frames in the window).
struct RecentPulse: Sendable {
    /// The frames analysed, oldest first.
    var frames: [FrameSample]
    /// The band-passed pulse (blood-volume polarity) and the beats found on it.
    var extraction: SegmentBeats

    /// Time of the newest frame, seconds.
    var newestTime: Double { frames[frames.count - 1].timestamp }

    /// Analyses `frames` (ascending, gap-free) on `channel`; nil when they span less than `minimumSeconds`.
    init?(frames: [FrameSample], channel: PulseChannel, extractor: BeatExtractor, minimumSeconds: Double) {
        guard frames.count >= 8, let first = frames.first, let last = frames.last,
              last.timestamp - first.timestamp >= minimumSeconds else { return nil }
        let timestamps = frames.map(\.timestamp)
        let timing = FrameTiming(timestamps: timestamps)
        guard timing.medianInterval > 0, extractor.supports(sampleRate: 1 / timing.medianInterval) else { return nil }
        let resampler = UniformResampler(sampleRate: 1 / timing.medianInterval)
        let raw = resampler.resample(timestamps: timestamps, channels: [frames.map { channel.value(in: $0) }],
                                     run: 0..<frames.count)[0]
        self.frames = frames
        extraction = extractor.extract(raw, segmentIndex: 0)
    }

    /// Timestamp of the first frame after the last gap in ascending `timestamps` (an interval longer than
    /// `maximumGapFrames` median intervals), or nil when they hold no gap.
    static func frameAfterLastGap(_ timestamps: [Double], maximumGapFrames: Double) -> Double? {
        let timing = FrameTiming(timestamps: timestamps)
        guard timing.medianInterval > 0 else { return nil }
        let limit = maximumGapFrames * timing.medianInterval
        for index in stride(from: timestamps.count - 1, through: 1, by: -1)
        where timestamps[index] - timestamps[index - 1] > limit {
            return timestamps[index]
        }
        return nil
    }

    /// Band-passed samples of the last `seconds` of the window.
    func recentPulseSamples(seconds: Double) -> ArraySlice<Double> {
        let pulse = extraction.pulse
        let first = Int(((newestTime - seconds - pulse.startTime) * pulse.sampleRate).rounded(.up))
        return pulse.samples[min(max(first, 0), pulse.samples.count)...]
    }
}
