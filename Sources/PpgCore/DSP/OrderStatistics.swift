/// Selection of order statistics without a full sort (Hoare's quickselect with median-of-three pivots, falling
/// back to a sort of the remaining range when partitioning stops shrinking it fast enough), and a radix sort for
/// long arrays that need every rank. Deterministic.
enum OrderStatistics {
    /// Writes `values` into the front of `sorted` in ascending order by insertion and returns how many values
    /// `sorted` then holds in order (`sorted` must have room for them all). For the few values of a sliding window, where a general sort of a
    /// fresh array per step costs more than it saves.
    /// With `after`, the first `after` values of `sorted` are already in order and `values` join them.
    static func insertionSort(_ values: some Sequence<Double>, into sorted: UnsafeMutableBufferPointer<Double>,
                              after: Int = 0) -> Int {
        var count = after
        for value in values {
            var position = count
            while position > 0 && sorted[position - 1] > value {
                sorted[position] = sorted[position - 1]
                position -= 1
            }
            sorted[position] = value
            count += 1
        }
        return count
    }

    /// `values` in ascending order, as `values.sorted()` gives them (a stable sort: equal values, −0 and +0
    /// among them, keep their input order), by a least-significant-digit radix sort on the values' bits mapped
    /// to unsigned keys in the same order (byte by byte, a byte all keys share skipped). Short arrays, and arrays
    /// holding a NaN (which `sorted()` leaves where its comparisons happen to put it), are sorted by `sorted()`.
    static func sortedAscending(_ values: [Double]) -> [Double] {
        let count = values.count
        guard count >= radixMinimumCount else { return values.sorted() }
        var tallies = [Int](repeating: 0, count: 8 * 256)
        var unordered = false
        var keys = [UInt64](unsafeUninitializedCapacity: count) { key, initialized in
            values.withUnsafeBufferPointer { value in
                tallies.withUnsafeMutableBufferPointer { tally in
                    for index in 0..<count {
                        let next = value[index]
                        unordered = unordered || next.isNaN
                        // −0 takes +0's key: equal keys keep their order, as equal values do in a stable sort.
                        let bits = next == 0 ? 0 : next.bitPattern
                        let ordered = bits & (1 &<< 63) != 0 ? ~bits : bits | (1 &<< 63)
                        key[index] = ordered
                        for byte in 0..<8 {
                            tally[byte &<< 8 | Int(truncatingIfNeeded: ordered &>> UInt64(byte &<< 3)) & 0xff] &+= 1
                        }
                    }
                }
            }
            initialized = count
        }
        guard !unordered else { return values.sorted() }
        var sorted = values
        // Each pass writes every place of the spare arrays before the next reads them.
        var spareKeys = [UInt64](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
        var spareValues = [Double](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
        for byte in 0..<8 {
            let shift = UInt64(byte &<< 3)
            let shared = tallies.withUnsafeBufferPointer { tally in
                tally[(byte &<< 8)..<((byte &+ 1) &<< 8)].contains(count)
            }
            if shared { continue }
            tallies.withUnsafeMutableBufferPointer { tally in
                var start = 0
                for digit in (byte &<< 8)..<((byte &+ 1) &<< 8) {
                    (tally[digit], start) = (start, start &+ tally[digit])
                }
                keys.withUnsafeBufferPointer { key in
                    sorted.withUnsafeBufferPointer { value in
                        spareKeys.withUnsafeMutableBufferPointer { keyOut in
                            spareValues.withUnsafeMutableBufferPointer { valueOut in
                                for index in 0..<count {
                                    let next = key[index]
                                    let slot = byte &<< 8 | Int(truncatingIfNeeded: next &>> shift) & 0xff
                                    let place = tally[slot]
                                    tally[slot] = place &+ 1
                                    keyOut[place] = next
                                    valueOut[place] = value[index]
                                }
                            }
                        }
                    }
                }
            }
            swap(&keys, &spareKeys)
            swap(&sorted, &spareValues)
        }
        return sorted
    }

    /// Fewest values `sortedAscending` sorts by radix: below it, eight passes over the values cost more than a
    /// comparison sort.
    static let radixMinimumCount = 64

    /// The `count` smallest and the `count` largest of `values` (at least `count` of them), each ascending: the
    /// values a sort would put at ranks `0..<count` and `values.count − count..<values.count`. One pass, keeping
    /// the two ends in order by insertion (cheap while `count` is small beside the number of values).
    static func extremes(_ values: [Double], count: Int) -> (smallest: [Double], largest: [Double]) {
        precondition(count >= 1 && count <= values.count, "count outside 1...values.count")
        var smallest = [Double](repeating: 0, count: count), largest = smallest
        smallest.withUnsafeMutableBufferPointer { low in
            largest.withUnsafeMutableBufferPointer { high in
                values.withUnsafeBufferPointer { value in
                    _ = insertionSort(UnsafeBufferPointer(rebasing: value[..<count]), into: low)
                    _ = insertionSort(UnsafeBufferPointer(rebasing: value[..<count]), into: high)
                    for index in count..<value.count {
                        let next = value[index]
                        if next < low[count - 1] {
                            var position = count - 1
                            while position > 0 && low[position - 1] > next {
                                low[position] = low[position - 1]
                                position -= 1
                            }
                            low[position] = next
                        }
                        if next > high[0] {
                            var position = 0
                            while position + 1 < count && high[position + 1] < next {
                                high[position] = high[position + 1]
                                position += 1
                            }
                            high[position] = next
                        }
                    }
                }
            }
        }
        return (smallest, largest)
    }

    /// Removes one value equal to `value` from the first `count` values of `sorted` (ascending) and returns the
    /// count left: the first of the equal values, which in a window filled by `insertionSort` in the order of the
    /// values' positions is the one that entered first. `sorted` must hold such a value.
    static func removeFirst(_ value: Double, from sorted: UnsafeMutableBufferPointer<Double>, count: Int) -> Int {
        var position = 0
        while sorted[position] < value { position += 1 }
        while position + 1 < count {
            sorted[position] = sorted[position + 1]
            position += 1
        }
        return count - 1
    }

    /// Reorders `values[from...]` so that `values[rank]` holds the value a sort would put there, with no larger
    /// value before it and no smaller value after it (within `from...`). `rank` must lie in `from..<values.count`.
    static func select(_ values: inout [Double], rank: Int, from: Int = 0) {
        precondition(rank >= from && rank < values.count, "rank outside the searched range")
        values.withUnsafeMutableBufferPointer { buffer in
            var low = from, high = buffer.count - 1
            var budget = 2 * (Int.bitWidth - (buffer.count - from).leadingZeroBitCount) + 4
            while low < high {
                if budget == 0 {
                    buffer[low...high].sort()
                    return
                }
                budget -= 1
                let (left, right) = partition(buffer, low: low, high: high)
                if rank <= right {
                    high = right
                } else if rank >= left {
                    low = left
                } else {
                    return
                }
            }
        }
    }

    /// Hoare partition of `buffer[low...high]` around the median of its first, middle and last values. Returns
    /// (`left`, `right`): every value in `low...right` is ≤ the pivot, every value in `left...high` is ≥ it, and
    /// the values strictly between `right` and `left` equal it.
    private static func partition(_ buffer: UnsafeMutableBufferPointer<Double>, low: Int,
                                  high: Int) -> (left: Int, right: Int) {
        let middle = low + (high - low) / 2
        if buffer[middle] < buffer[low] { buffer.swapAt(middle, low) }
        if buffer[high] < buffer[low] { buffer.swapAt(high, low) }
        if buffer[high] < buffer[middle] { buffer.swapAt(high, middle) }
        let pivot = buffer[middle]
        var left = low, right = high
        while left <= right {
            while buffer[left] < pivot { left += 1 }
            while buffer[right] > pivot { right -= 1 }
            if left <= right {
                buffer.swapAt(left, right)
                left += 1
                right -= 1
            }
        }
        return (left, right)
    }
}
