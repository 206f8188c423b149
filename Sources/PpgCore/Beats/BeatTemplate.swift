/// Beat-template matching (Orphanidou 2015; NeuroKit2 `templatematch`): every beat's waveform, aligned at its
/// upstroke, is correlated with the segment's mean beat.
public enum BeatTemplate {
    /// Window around the upstroke, as fractions of the median beat interval.
    static let windowBefore = 0.3
    static let windowAfter = 0.6

    /// Sets `templateCorrelation` of every beat from the upsampled pulse `fine` of their segment. Beats whose window
    /// leaves the segment are correlated over the part inside it (at least half the window), else get 0.
    public static func assignCorrelations(_ beats: inout [DetectedBeat], fine: UniformSegment) {
        guard beats.count >= 3 else { return }
        let intervals = (1..<beats.count).map { beats[$0].time - beats[$0 - 1].time }
        guard let medianInterval = Statistics.median(intervals), medianInterval > 0 else { return }
        let before = Int((windowBefore * medianInterval * fine.sampleRate).rounded())
        let after = Int((windowAfter * medianInterval * fine.sampleRate).rounded())
        let length = before + after + 1
        let anchors = beats.map { Int(((($0.time - fine.startTime) * fine.sampleRate)).rounded()) - before }

        var template = [Double](repeating: 0, count: length)
        var counts = [Double](repeating: 0, count: length)
        for anchor in anchors {
            for offset in 0..<length where anchor + offset >= 0 && anchor + offset < fine.samples.count {
                template[offset] += fine.samples[anchor + offset]
                counts[offset] += 1
            }
        }
        for offset in 0..<length { template[offset] = counts[offset] > 0 ? template[offset] / counts[offset] : 0 }

        for (index, anchor) in anchors.enumerated() {
            let first = max(0, -anchor), last = min(length, fine.samples.count - anchor)
            guard last - first >= length / 2 else {
                beats[index].templateCorrelation = 0
                continue
            }
            let waveform = Array(fine.samples[(anchor + first)..<(anchor + last)])
            beats[index].templateCorrelation = Statistics.pearson(waveform, Array(template[first..<last])) ?? 0
        }
    }
}
