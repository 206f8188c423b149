/// The beats of one gap-free segment and the band-passed waveform they were found on.
public struct SegmentBeats: Sendable {
    /// Band-passed channel in blood-volume polarity (negated intensity), on the segment's frame-rate grid.
    public var pulse: UniformSegment
    /// Beats in time order.
    public var beats: [DetectedBeat]

    /// Creates a segment result.
    public init(pulse: UniformSegment, beats: [DetectedBeat]) {
        self.pulse = pulse
        self.beats = beats
    }
}

/// Finds beats in one uniformly sampled, gap-free segment of the pulse channel:
/// zero-phase Butterworth band-pass, negation (the systolic peak is the intensity minimum), cubic upsampling to at
/// least `minimumDetectionRate`, Elgendi peaks, 50 % upstroke and parabolic peak fiducials, template correlation.
public struct BeatExtractor: Sendable {
    /// Pass band of the beat-detection filter, Hz.
    public var passBand: ClosedRange<Double> = 0.5...5
    /// Prototype order of the Butterworth band-pass.
    public var filterOrder: Int = 2
    /// Lowest sample rate beats are detected at, Hz (the segment is upsampled by an integer factor to reach it).
    public var minimumDetectionRate: Double = 100
    /// Half-width of the least-squares parabola that refines the systolic peak, seconds.
    public var peakFitHalfWidth: Double = 0.06
    /// Longest rise from onset to peak searched, seconds.
    public var maximumRiseTime: Double = 0.6
    /// The peak detector.
    public var detector = ElgendiPeakDetector()

    /// Creates an extractor with the default detection parameters.
    public init() {}

    /// Fastest frame rate analysed, Hz: far above any camera (240 fps); beyond it, windows counted in samples
    /// (quality spectra, upsampling) would outgrow memory or `Int` — timestamps a hair apart give any rate.
    public static let maximumSampleRate = 1_000.0

    /// Whether frames at `sampleRate` can be analysed: the pass band's upper edge, clamped below Nyquist, must stay
    /// above its lower edge (about 1.1 Hz for the default band; slower frames hold no detectable beat), and the rate
    /// must not exceed `maximumSampleRate`.
    public func supports(sampleRate: Double) -> Bool {
        sampleRate <= Self.maximumSampleRate && ButterworthDesign.maximumEdgeFraction * sampleRate > passBand.lowerBound
    }

    /// Shortest interval between two beats of a reading whose rate is known, as a share of its period: the
    /// detector's minimum spacing when it is fitted to the period (`fitted(toPeriodSeconds:)`). A dicrotic wave
    /// follows its systolic one by a third to a half of the period; the shortest interval of a sinus rhythm
    /// at rest is about 0.8 of it.
    public static let fittedSpacingShare = 0.6

    /// This extractor with its detector fitted to a known period: beats at least `fittedSpacingShare` of it
    /// apart (of two detections closer than that, the earlier stays — a systolic wave precedes its dicrotic
    /// one), and a beat window no longer than the period.
    public func fitted(toPeriodSeconds period: Double) -> BeatExtractor {
        var fitted = self
        fitted.detector.beatWindow = min(detector.beatWindow, period)
        fitted.detector.minimumDelay = Self.fittedSpacingShare * period
        return fitted
    }

    /// Integer upsampling factor that brings `sampleRate` to at least `minimumDetectionRate`.
    public func upsamplingFactor(sampleRate: Double) -> Int {
        max(1, Int((minimumDetectionRate / sampleRate).rounded(.up)))
    }

    /// The beat-detection band-pass at `sampleRate`.
    public func filter(sampleRate: Double) -> ZeroPhaseFilter {
        ZeroPhaseFilter.bandPass(order: filterOrder, lowHz: passBand.lowerBound, highHz: passBand.upperBound,
                                 sampleRate: sampleRate)
    }

    /// Band-passes `raw` (intensity polarity) and returns it in blood-volume polarity; all zeros when `raw` is flat
    /// (`isFlat`): a constant's band-pass is zero, and the filter's rounding residue is no pulse.
    public func pulseWaveform(_ raw: UniformSegment) -> UniformSegment {
        guard !Self.isFlat(raw.samples) else {
            return UniformSegment(startTime: raw.startTime, sampleRate: raw.sampleRate,
                                  samples: [Double](repeating: 0, count: raw.samples.count))
        }
        let filtered = filter(sampleRate: raw.sampleRate).zeroPhase(raw.samples)
        return UniformSegment(startTime: raw.startTime, sampleRate: raw.sampleRate, samples: filtered.map { -$0 })
    }

    /// Largest spread of a segment's samples, relative to their largest magnitude (at least 1), that counts as no
    /// variation at all: far above the rounding of resampling a constant (about 1e-15 of it), far below any change
    /// a camera can report (a whole count, or a fraction of one in averaged frame means). A channel whose frame
    /// means keep one whole count over a segment (a dim blue under a torch: 10 counts with 0.1 of noise) is flat,
    /// and its band-pass, about 1e-14 counts of rounding that repeats with the resampling grid, would otherwise
    /// show spectral peaks and beats as clearly as a pulse (every test of them is scale-free).
    public static let flatSpread = 1e-9

    /// Whether `samples` do not vary (`flatSpread`).
    static func isFlat(_ samples: [Double]) -> Bool {
        guard let low = samples.min(), let high = samples.max() else { return true }
        return high - low <= flatSpread * max(1, abs(low), abs(high))
    }

    /// Beats of the segment `raw` (intensity polarity, frame-rate grid), labelled with `segmentIndex`.
    public func extract(_ raw: UniformSegment, segmentIndex: Int) -> SegmentBeats {
        extract(raw, pulse: pulseWaveform(raw), segmentIndex: segmentIndex)
    }

    /// Beats of the segment `raw` whose band-passed waveform `pulse` (`pulseWaveform(raw)`) is already at hand.
    func extract(_ raw: UniformSegment, pulse: UniformSegment, segmentIndex: Int) -> SegmentBeats {
        guard raw.samples.count >= 8 else { return SegmentBeats(pulse: pulse, beats: []) }
        let factor = upsamplingFactor(sampleRate: raw.sampleRate)
        let fine = UniformSegment(startTime: raw.startTime, sampleRate: raw.sampleRate * Double(factor),
                                  samples: CubicSpline.upsample(pulse.samples, factor: factor))
        let peaks = detector.peaks(in: fine.samples, sampleRate: fine.sampleRate)
        let maximumRise = Int((maximumRiseTime * fine.sampleRate).rounded())
        let peakHalfWidth = max(1, Int((peakFitHalfWidth * fine.sampleRate).rounded()))
        var fiducials: [BeatFiducials] = []
        var previousPeak = -1
        for peak in peaks {
            let searchStart = max(previousPeak + 1, peak - maximumRise, 0)
            previousPeak = peak
            if let found = BeatFiducials.locate(in: fine.samples, peakIndex: peak, searchStart: searchStart,
                                                 peakHalfWidth: peakHalfWidth) {
                fiducials.append(found)
            }
        }
        var beats = fiducials.map {
            beat(from: $0, fine: fine, pulse: pulse, factor: factor, segmentIndex: segmentIndex)
        }
        Self.trimInconsistentEdges(&beats)
        assignMeanIntensities(&beats, raw: raw)
        BeatTemplate.assignCorrelations(&beats, fine: fine)
        return SegmentBeats(pulse: pulse, beats: beats)
    }

    /// Largest relative difference from the segment's median interval tolerated for the first and last interval.
    static let edgeTolerance = 0.3

    /// Drops beats at either end of the segment whose interval to their neighbour differs from the median interval by
    /// more than `edgeTolerance`: the filters and the detector's moving averages are least reliable at the segment
    /// edges, and a run's first interval has no predecessor for the artifact correction to compare it with.
    static func trimInconsistentEdges(_ beats: inout [DetectedBeat]) {
        guard beats.count >= 5 else { return }
        let intervals = (1..<beats.count).map { beats[$0].time - beats[$0 - 1].time }
        guard let median = Statistics.median(intervals), median > 0 else { return }
        let deviates = { (a: DetectedBeat, b: DetectedBeat) in abs(b.time - a.time - median) > edgeTolerance * median }
        for _ in 0..<2 where beats.count >= 5 && deviates(beats[0], beats[1]) { beats.removeFirst() }
        for _ in 0..<2 where beats.count >= 5 && deviates(beats[beats.count - 2], beats[beats.count - 1]) {
            beats.removeLast()
        }
    }

    private func beat(from fiducials: BeatFiducials, fine: UniformSegment, pulse: UniformSegment, factor: Int,
                      segmentIndex: Int) -> DetectedBeat {
        let coarsePeak = Int((fiducials.peak / Double(factor)).rounded())
        var framePeak = min(max(coarsePeak, 0), pulse.samples.count - 1)
        for candidate in (coarsePeak - 1)...(coarsePeak + 1)
        where candidate >= 0 && candidate < pulse.samples.count && pulse.samples[candidate] > pulse.samples[framePeak] {
            framePeak = candidate
        }
        return DetectedBeat(time: fine.time(at: fiducials.upstroke), peakTime: fine.time(at: fiducials.peak),
                            framePeakTime: pulse.time(at: Double(framePeak)),
                            onsetTime: fine.time(at: Double(fiducials.onset)), amplitude: fiducials.amplitude,
                            meanIntensity: 0, templateCorrelation: 0, segment: segmentIndex,
                            upstrokeSlope: fiducials.upstrokeRise * fine.sampleRate,
                            steepestTime: fine.time(at: fiducials.steepest),
                            steepestCurvature: fiducials.steepestCurvature)
    }

    /// Mean raw intensity from each onset to the next (the last beat uses the previous beat's span).
    private func assignMeanIntensities(_ beats: inout [DetectedBeat], raw: UniformSegment) {
        for index in beats.indices {
            let start = beats[index].onsetTime
            let end: Double
            if index + 1 < beats.count {
                end = beats[index + 1].onsetTime
            } else if index > 0 {
                end = start + (start - beats[index - 1].onsetTime)
            } else {
                end = start + 1
            }
            let first = max(0, Int(((start - raw.startTime) * raw.sampleRate).rounded(.up)))
            let last = min(raw.samples.count, Int(((end - raw.startTime) * raw.sampleRate).rounded(.up)))
            beats[index].meanIntensity = first < last
                ? raw.samples[first..<last].reduce(0, +) / Double(last - first)
                : raw.samples[min(first, raw.samples.count - 1)]
        }
    }
}
