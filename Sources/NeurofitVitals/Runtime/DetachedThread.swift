import Glibc

/// Starts detached POSIX threads running Swift closures. Library threads are detached: nothing joins them, they
/// end when their work drains, and they hold what they need (so a session outlives its handle until then).
package enum DetachedThread {
    private final class Box {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// Runs `body` on a new detached thread.
    /// - Throws: `internalError` when the system refuses a thread.
    package static func start(name: String, _ body: @escaping @Sendable () -> Void) throws(VitalsError) {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        defer { pthread_attr_destroy(&attributes) }
        var thread = pthread_t()
        let status = pthread_create(&thread, &attributes, { raw in
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            box.body()
            return nil
        }, box)
        guard status == 0 else {
            Unmanaged<Box>.fromOpaque(box).release()
            throw .internalError("Could not start the \(name) thread (error \(status))")
        }
    }
}
