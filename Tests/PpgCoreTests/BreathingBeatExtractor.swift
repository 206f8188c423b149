import PpgCore

/// Per-beat breathing features of a synthetic reading, taken at the generator's true beat onsets: interval
/// between onsets, pulse amplitude (deepest red dip below the onset value within the beat) and the mean red level
/// over the beat. Stands in for the engine's beat detector in the breathing tests.
enum BreathingBeatExtractor {
    /// One `BreathingBeat` per rendered heartbeat of the reading.
    static func beats(of reading: SyntheticReading) -> [BreathingBeat] {
        let onsets = reading.truth.beats.filter { $0.kind == .normal }.map(\.onsetS)
        var beats: [BreathingBeat] = []
        var frameIndex = 0
        let frames = reading.frames
        for (k, onset) in onsets.enumerated().dropLast() {
            while frameIndex < frames.count && frames[frameIndex].timestamp < onset { frameIndex += 1 }
            var end = frameIndex
            while end < frames.count && frames[end].timestamp < onsets[k + 1] { end += 1 }
            guard end > frameIndex else { continue }
            let reds = frames[frameIndex..<end].map(\.red)
            let amplitude = reds[reds.startIndex] - (reds.min() ?? reds[reds.startIndex])
            let intensity = reds.reduce(0, +) / Double(reds.count)
            let interval = k > 0 ? (onset - onsets[k - 1]) * 1000 : nil
            beats.append(BreathingBeat(time: onset, intervalMs: interval, amplitude: amplitude, intensity: intensity))
        }
        return beats
    }
}
