import Glibc

/// A value guarded by a pthread mutex: the library's lock, in place of the standard library's `Mutex`
/// (Synchronization), which a forked child cannot use safely.
///
/// Why: on Linux, `Synchronization.Mutex` writes its owner's thread id into the lock word and takes that id from a
/// per-thread cache. After `fork()` the child's thread still holds its parent's id in that cache, so as soon as a
/// second thread of the child waits for a lock the child's first thread holds, the kernel's priority-inheritance
/// lock refuses both (EPERM) and the standard library stops the process ("Unknown error occurred while attempting
/// to acquire a Mutex"). A host that used the library, then forks a worker that reads (Python's multiprocessing
/// does so by default) would crash there. glibc keeps its own thread id right across `fork()`, so a pthread mutex
/// has no such problem. (The Swift runtime's own locks share the cache; `Sources/CForkSafety` clears theirs.)
package final class ForkSafeMutex<Value>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let value = UnsafeMutablePointer<Value>.allocate(capacity: 1)

    /// A mutex guarding `initialValue`.
    package init(_ initialValue: Value) {
        pthread_mutex_init(mutex, nil)
        value.initialize(to: initialValue)
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` on the guarded value, holding the mutex; returns what `body` returns.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure)
        -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}
