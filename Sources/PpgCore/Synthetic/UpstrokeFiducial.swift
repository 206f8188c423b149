/// Truth beat times with the engine's fiducial: the 50 % upstroke crossing between the
/// onset minimum and the systolic peak, found on the noise-free blood-volume waveform sampled at 1 kHz.
///
/// Per pulse: the peak is the maximum of the waveform from the pulse's onset to the next pulse's onset (at most
/// 0.6 s); the foot is the minimum between the previous pulse's peak (or 0.4 s before the onset) and this peak;
/// the crossing of `(foot + peak)/2` is interpolated linearly between the 1 kHz samples.
public enum UpstrokeFiducial {
    /// Waveform sampling rate (Hz) used to locate the fiducial.
    public static let sampleRateHz = 1000.0
    /// Longest peak search after an onset (s).
    public static let peakSearchS = 0.6
    /// Foot search before the first pulse's onset (s).
    public static let firstFootSearchS = 0.4

    /// The 50 % upstroke time (s) of every pulse in `pulses` (sorted by onset), nil for pulses of zero amplitude.
    public static func times(of pulses: [SyntheticBeat], shape: PulseShape) -> [Double?] {
        let visible = pulses.filter { $0.amplitude > 0 }
        var visibleTimes: [Double] = []
        var previousPeak: Int?
        for position in visible.indices {
            let onset = visible[position].onsetS
            let nextOnset = position + 1 < visible.count ? visible[position + 1].onsetS : .infinity
            let neighbours = visible[max(0, position - 8)..<min(visible.count, position + 9)]
            let first = previousPeak ?? sample(at: onset - firstFootSearchS)
            let window = Window(first: first, last: sample(at: min(onset + peakSearchS, nextOnset)),
                                pulses: neighbours, shape: shape)
            let peak = window.argmax(from: sample(at: onset))
            visibleTimes.append(window.crossingTime(foot: window.argmin(through: peak), peak: peak))
            previousPeak = peak
        }
        var cursor = visibleTimes.makeIterator()
        return pulses.map { $0.amplitude > 0 ? cursor.next() : nil }
    }

    private static func sample(at t: Double) -> Int {
        Int((t * sampleRateHz).rounded())
    }

    /// The noise-free waveform `Σ amplitude·shape(t − onset)` on the 1 kHz grid, samples `first...last`.
    private struct Window {
        let first: Int
        let values: [Double]

        init(first: Int, last: Int, pulses: ArraySlice<SyntheticBeat>, shape: PulseShape) {
            self.first = first
            values = (first...max(first, last)).map { index in
                let t = Double(index) / sampleRateHz
                var sum = 0.0
                for pulse in pulses where t - pulse.onsetS >= -shape.leadS && t - pulse.onsetS <= shape.supportS {
                    sum += pulse.amplitude * shape.value(at: t - pulse.onsetS)
                }
                return sum
            }
        }

        /// Sample index of the maximum from `start` to the end of the window.
        func argmax(from start: Int) -> Int {
            let offset = min(max(start - first, 0), values.count - 1)
            var best = offset
            for index in offset..<values.count where values[index] > values[best] { best = index }
            return first + best
        }

        /// Sample index of the minimum from the start of the window through `end`.
        func argmin(through end: Int) -> Int {
            var best = 0
            for index in 0...(end - first) where values[index] < values[best] { best = index }
            return first + best
        }

        /// Time (s) where the waveform first rises through the mid level between `foot` and `peak`.
        func crossingTime(foot: Int, peak: Int) -> Double {
            let level = 0.5 * (values[foot - first] + values[peak - first])
            var index = foot - first
            while index + first < peak && values[index + 1] < level { index += 1 }
            guard index + first < peak else { return Double(peak) / sampleRateHz }
            let below = values[index], above = values[index + 1]
            let fraction = above > below ? (level - below) / (above - below) : 0
            return (Double(first + index) + fraction) / sampleRateHz
        }
    }
}
