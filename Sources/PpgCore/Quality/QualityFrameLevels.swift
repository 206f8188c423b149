/// The frame figures of the quality windows over a run of frames, worked out once per frame so that overlapping
/// windows only add them up: each frame's saturation (`QualityWindowMeter.saturation`) and how many frames up to it
/// pass the colour contact rule. A reading's windows overlap (10 s every 2 s), so each frame would otherwise be
/// judged once for every window over it, and again for each window's score bound.
public struct QualityFrameLevels: Sendable {
    /// The frames, ascending (their timestamps place a window's first and last frame).
    private let frames: ArraySlice<FrameSample>
    /// Each frame's saturation, in frame order.
    private let saturation: [Double]
    /// `litBefore[i]`: the number of the first `i` frames that pass the colour contact rule.
    private let litBefore: [Int]

    /// The figures of `frames` (ascending timestamps) as `meter` judges them.
    public init(frames: ArraySlice<FrameSample>, meter: QualityWindowMeter) {
        self.frames = frames
        var litBefore: [Int] = []
        saturation = [Double](unsafeUninitializedCapacity: frames.count) { saturation, initialized in
            litBefore = [Int](unsafeUninitializedCapacity: frames.count + 1) { litBefore, litInitialized in
                var lit = 0
                litBefore[0] = 0
                for (index, frame) in frames.enumerated() {
                    saturation[index] = meter.saturation(of: frame)
                    if meter.contactRule.isLitFingertip(frame) { lit += 1 }
                    litBefore[index + 1] = lit
                }
                litInitialized = frames.count + 1
            }
            initialized = frames.count
        }
        self.litBefore = litBefore
    }

    /// Mean saturation and share of frames passing the colour contact rule among the frames in `start..<end`
    /// (each over at least one frame): the saturations summed in frame order.
    public func levels(start: Double, end: Double) -> (clipped: Double, colourContact: Double) {
        let first = Self.firstIndex(in: frames, atOrAfter: start) - frames.startIndex
        let last = Self.firstIndex(in: frames, atOrAfter: end) - frames.startIndex
        let count = Double(max(last - first, 1))
        var clippedSum = 0.0
        saturation.withUnsafeBufferPointer { saturation in
            for index in first..<last { clippedSum += saturation[index] }
        }
        return (clippedSum / count, Double(litBefore[last] - litBefore[first]) / count)
    }

    /// Index of the first frame (ascending timestamps) at or after `time`, by binary search.
    static func firstIndex(in frames: ArraySlice<FrameSample>, atOrAfter time: Double) -> Int {
        var low = frames.startIndex, high = frames.endIndex
        while low < high {
            let middle = (low + high) / 2
            if frames[middle].timestamp < time { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
