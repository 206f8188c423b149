import Glibc

/// A FIFO between threads: producers append (those that ask wait while it holds `capacity` or more), one consumer
/// takes (waiting up to a time-out). Closing wakes everyone; a closed queue still hands out what it holds.
final class BlockingQueue<Element>: @unchecked Sendable {
    /// What `take` found.
    enum Take {
        case element(Element)
        case timedOut
        case closed
    }

    private let lock = ConditionLock()
    private var elements: [Element] = []
    private var head = 0
    private let capacity: Int?
    private var closed = false

    /// A queue whose waiting producers wait while it holds `capacity` elements or more (nil: never wait).
    init(capacity: Int? = nil) {
        self.capacity = capacity
    }

    /// Appends `element`; with `waitForRoom`, first waits while the queue is at capacity (back-pressure for
    /// producers that can run ahead, never for callers that must not block). Returns false (dropping it) once the
    /// queue is closed.
    @discardableResult
    func put(_ element: Element, waitForRoom: Bool = false) -> Bool {
        lock.withLock {
            while waitForRoom, let capacity, elements.count - head >= capacity, !closed { lock.wait(until: nil) }
            guard !closed else { return false }
            elements.append(element)
            lock.broadcast()
            return true
        }
    }

    /// Appends `element` without waiting; when the queue then holds more than `limit` elements, removes the oldest
    /// one `evictable` ranks lowest (rank 0 first, then 1, …; nil: never removed). Returns the removed element, if
    /// any. For a consumer that may stop reading: memory stays bounded by `limit` plus what may never be removed.
    @discardableResult
    func put(_ element: Element, limit: Int, evicting evictable: (Element) -> Int?) -> Element? {
        lock.withLock {
            guard !closed else { return nil }
            elements.append(element)
            lock.broadcast()
            guard elements.count - head > limit else { return nil }
            var chosen: (index: Int, rank: Int)?
            for index in head..<elements.count {
                guard let rank = evictable(elements[index]), rank < chosen?.rank ?? Int.max else { continue }
                chosen = (index, rank)
                if rank == 0 { break }
            }
            return chosen.map { elements.remove(at: $0.index) }
        }
    }

    /// Takes the oldest element, waiting up to `timeout` seconds (nil: forever, 0: no wait).
    func take(timeout: Double?) -> Take {
        lock.withLock {
            let deadline = timeout.map(ConditionLock.deadline(after:))
            while head == elements.count {
                if closed { return .closed }
                if timeout == 0 || !lock.wait(until: deadline) && head == elements.count {
                    return closed ? .closed : .timedOut
                }
            }
            let element = elements[head]
            head += 1
            if head > 1024 && head * 2 > elements.count {
                elements.removeFirst(head)
                head = 0
            }
            lock.broadcast()
            return .element(element)
        }
    }

    /// Refuses further `put`s and wakes every waiter. Elements already queued can still be taken.
    func close() {
        lock.withLock {
            closed = true
            lock.broadcast()
        }
    }

    /// Whether `close()` was called.
    var isClosed: Bool { lock.withLock { closed } }
}
