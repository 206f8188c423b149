import Synchronization

/// Values that depend only on their key (FFT twiddle factors, window shapes, a filter's noise autocorrelation),
/// made once per process and handed to every analysis that asks for the same key: an analysis then spends
/// nothing on them but a short search, and gets the very values it would have computed (bit for bit).
///
/// The table is a list that only grows, each link set at most once (`AtomicLazyReference`): readers take no lock,
/// so a thread (or a process forked while another thread was adding) never waits on one. Two threads that miss the
/// same key at once both compute it; the first link stored wins and both return its value. After `capacity`
/// entries, further keys are computed on every call and not kept (a process that meets ever new keys, such as the
/// frame rates of many cameras, does not grow without end).
final class SharedTable<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// One entry and the link to the next.
    private final class Entry: Sendable {
        let key: Key
        let value: Value
        /// Position in the list (0 for the first entry).
        let position: Int
        let next = AtomicLazyReference<Entry>()

        init(key: Key, value: Value, position: Int) {
            self.key = key
            self.value = value
            self.position = position
        }
    }

    private let first = AtomicLazyReference<Entry>()
    /// Most entries kept.
    let capacity: Int

    /// Creates an empty table that keeps at most `capacity` entries.
    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The value for `key`: the one kept, else `make()` (kept while the table has room).
    func value(for key: Key, make: () -> Value) -> Value {
        guard capacity > 0 else { return make() }
        var made: Value?
        var entry = first.load() ?? first.storeIfNil(Entry(key: key, value: Self.take(&made, make), position: 0))
        while true {
            if entry.key == key { return entry.value }
            if let next = entry.next.load() {
                entry = next
                continue
            }
            let value = Self.take(&made, make)
            guard entry.position + 1 < capacity else { return value }
            entry = entry.next.storeIfNil(Entry(key: key, value: value, position: entry.position + 1))
        }
    }

    /// `made`, computed by `make` on first use.
    private static func take(_ made: inout Value?, _ make: () -> Value) -> Value {
        if let made { return made }
        let value = make()
        made = value
        return value
    }
}
