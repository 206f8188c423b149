import Glibc

/// Hands preview frames to the host on a thread of its own, never holding up the source: one slot, which a new
/// frame overwrites when the host is still busy with the last (dropped, not queued). Frames pass the host's rate
/// limit first, so a frame the limit refuses is never scaled. Its thread runs until `close`: the owner closes it.
public final class PreviewMailbox: @unchecked Sendable {
    private let lock = ConditionLock()
    private let deliver: @Sendable (PreviewFrame) -> Void
    // Guarded by `lock`.
    private var limit: PreviewRateLimit
    private var slot: PreviewFrame?
    private var closed = false
    private var delivering = false
    private var deliveryThread: pthread_t?

    /// A mailbox passing at most `maximumFPS` frames per second of sample time to `deliver`, called on the
    /// mailbox's thread, one frame at a time.
    /// - Throws: `internalError` when the system refuses a thread.
    public init(maximumFPS: Int, deliver: @escaping @Sendable (PreviewFrame) -> Void) throws(VitalsError) {
        limit = PreviewRateLimit(maximumFPS: maximumFPS)
        self.deliver = deliver
        try DetachedThread.start(name: "preview") { [self] in run() }
    }

    /// Offers the frame at `timestampMicroseconds`: when the rate limit admits it, `make` builds it (on the caller's
    /// thread, so it may read buffers valid only during the call) and it replaces whatever waits in the slot.
    public func offer(at timestampMicroseconds: Int64, _ make: () -> PreviewFrame?) {
        let admitted = lock.withLock { !closed && limit.admits(timestampMicroseconds) }
        guard admitted, let frame = make() else { return }
        lock.withLock {
            guard !closed else { return }
            slot = frame
            lock.broadcast()
        }
    }

    /// Stops deliveries: once it returns no frame is delivered (a delivery under way has finished, unless `close`
    /// is called from `deliver` itself). Idempotent.
    public func close() {
        lock.withLock {
            closed = true
            slot = nil
            lock.broadcast()
            let onDeliveryThread = deliveryThread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
            while delivering && !onDeliveryThread { lock.wait(until: nil) }
        }
    }

    private func run() {
        lock.withLock { deliveryThread = pthread_self() }
        while let frame = nextFrame() {
            deliver(frame)
            lock.withLock {
                delivering = false
                lock.broadcast()
            }
        }
    }

    /// Waits for a frame; nil once closed.
    private func nextFrame() -> PreviewFrame? {
        lock.withLock {
            while slot == nil && !closed { lock.wait(until: nil) }
            guard !closed, let frame = slot else { return nil }
            slot = nil
            delivering = true
            return frame
        }
    }
}
