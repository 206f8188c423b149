/// The most recent frames in preallocated storage: appending never allocates once the ring exists; the oldest
/// frame is overwritten when it is full. Index 0 is the oldest frame held.
struct FrameRing: Sendable {
    /// Most frames held.
    let capacity: Int
    private var storage: [FrameSample]
    private var oldest = 0
    /// Number of frames held.
    private(set) var count = 0

    /// Creates an empty ring for `capacity` frames (at least 2).
    init(capacity: Int) {
        self.capacity = max(capacity, 2)
        storage = [FrameSample](repeating: FrameSample(timestamp: 0, red: 0, green: 0, blue: 0),
                                count: self.capacity)
    }

    /// Adds `frame` as the newest, dropping the oldest when full.
    mutating func append(_ frame: FrameSample) {
        if count < capacity {
            storage[(oldest + count) % capacity] = frame
            count += 1
        } else {
            storage[oldest] = frame
            oldest = (oldest + 1) % capacity
        }
    }

    /// The frame at `index` (0 = oldest).
    subscript(index: Int) -> FrameSample { storage[(oldest + index) % capacity] }

    /// The newest frame, nil when empty.
    var newest: FrameSample? { count > 0 ? self[count - 1] : nil }

    /// Index of the first frame whose timestamp is at least `time` (`count` when none is).
    func firstIndex(notBefore time: Double) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle].timestamp < time { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Copies of the frames from `index` to the newest, oldest first.
    func frames(from index: Int) -> [FrameSample] {
        (max(index, 0)..<count).map { self[$0] }
    }
}
