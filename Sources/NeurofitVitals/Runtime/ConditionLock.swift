import Glibc

/// A mutex with one condition variable (pthreads), for the blocking queues between threads.
package final class ConditionLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    package init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        condition.deallocate()
    }

    /// Runs `body` holding the mutex.
    package func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Waits (the mutex held) until signalled or until the monotonic `deadline`; false on time-out.
    @discardableResult
    package func wait(until deadline: timespec?) -> Bool {
        guard var deadline else {
            pthread_cond_wait(condition, mutex)
            return true
        }
        return pthread_cond_timedwait(condition, mutex, &deadline) != ETIMEDOUT
    }

    /// Wakes every waiter (call with the mutex held or not).
    package func broadcast() {
        pthread_cond_broadcast(condition)
    }

    /// The monotonic time `seconds` from now, for `wait(until:)`.
    package static func deadline(after seconds: Double) -> timespec {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let total = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 + max(0, seconds)
        let whole = total.rounded(.down)
        return timespec(tv_sec: Int(whole), tv_nsec: Int((total - whole) * 1e9))
    }
}
