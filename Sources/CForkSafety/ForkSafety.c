/* A forked child of a host that used the library must be able to use it too (Python's multiprocessing forks its
 * workers by default, and so do many servers).
 *
 * The Swift runtime's own locks (its caches of type metadata and conformances, among others) are Linux
 * priority-inheritance futexes: a lock word holds its owner's thread id, which each thread reads once from the
 * kernel and then keeps in a thread-local cache. fork() copies that cache, so the child's thread goes on writing its
 * parent's id into the words it locks. Uncontended, nothing notices; the first time a second thread of the child
 * waits for such a lock, the kernel refuses both the waiter's FUTEX_LOCK_PI and the owner's FUTEX_UNLOCK_PI (EPERM:
 * the id in the word is no thread of the child), and the runtime retries both for ever: two threads spinning at
 * full speed, the host hung. On a slow or emulated processor the window is wide (scripts/test-arm64 hung in about
 * one run of C API edge cases in ten, in the runtime's conformance cache); natively it is narrow but open.
 *
 * The handler below runs in the child right after fork(), on the thread that forked (the only one the child has),
 * and clears that cache, so the runtime reads the child's own id again. The cache is a hidden thread-local variable
 * of the static Swift runtime linked into the library (swift::threading_impl::linux::ulock_get_tid()'s `tid`,
 * Swift 6.0 and 6.3 alike); a library linked to the runtime dynamically (NFV_DYNAMIC_STDLIB=1, development and
 * sanitizer builds) cannot reach it and does without. The library's own locks are pthread mutexes, whose thread id
 * glibc keeps right across fork() (Sources/NeurofitVitals/Runtime/ForkSafeMutex.swift).
 */
#if defined(NFV_STATIC_SWIFT_RUNTIME) && defined(__linux__)
#include <pthread.h>

/* The runtime's cached thread id of the calling thread (0: not read yet). */
extern __thread int nfv_swift_runtime_cached_tid __asm__("_ZZN5swift14threading_impl5linux13ulock_get_tidEvE3tid")
    __attribute__((visibility("hidden")));

/* In the child after fork(): forgets the parent's thread id. */
static void nfv_forget_parent_thread_id(void) {
    nfv_swift_runtime_cached_tid = 0;
}

/* When the library is loaded: registers the handler (it lasts as long as the process). */
__attribute__((constructor)) static void nfv_register_fork_handler(void) {
    pthread_atfork(NULL, NULL, nfv_forget_parent_thread_id);
}
#endif
