import Glibc

/// Decides when a session's event callback may run, so that no host has to: `release` waits for a callback in
/// flight and keeps further callbacks from running after it — at once, or, when the callback was already handed
/// `measurementComplete` (the result is owed), once it has had the outcome (`completed` or `failed`). Exactly once,
/// it tells the host that no callback will follow (`released`): when the event stream ends (after its last event,
/// on the event thread), or at a `release` before that — inside it (or, when `release` was called from inside a
/// callback, as that callback returns), or, the result owed, right after the outcome's delivery.
final class DeliveryGate: Sendable {
    private let lock = ConditionLock()
    private let state = ForkSafeMutex<GateState>(GateState())
    private let released: (@Sendable () -> Void)?

    private struct GateState {
        /// No callback runs any more.
        var detached = false
        /// The host released the session while the outcome was owed: detach once it has been delivered.
        var detachAfterOutcome = false
        /// A delivery of `measurementComplete` began.
        var outcomeOwed = false
        /// The delivery of `completed` or `failed` returned.
        var outcomeDelivered = false
        var delivering = false
        /// Counts deliveries begun, so `release` waits for the one in flight when it was called, not later ones.
        var serial = 0
        var thread: pthread_t?
        /// `released` was called (or is being called): it never runs twice.
        var announced = false
        /// The host released the session (`detachUnlessOutcomeOwed` ran).
        var hostReleased = false
        /// The host released it from inside a callback: that callback's return announces the release.
        var releasedInsideCallback = false
        /// A `detachUnlessOutcomeOwed` is under way: it announces the release itself if it is due by its end.
        var detaching = false
    }

    /// A gate that calls `released` once no callback can follow a release (nil: nobody to tell).
    init(released: (@Sendable () -> Void)?) {
        self.released = released
    }

    /// Runs `body` (the delivery of `event`) unless detached, marking the delivery in flight.
    func deliver(_ event: TimedEvent, _ body: () -> Void) {
        let kind = event.event.kind
        let proceed = lock.withLock {
            state.withLock { current in
                guard !current.detached else { return false }
                current.delivering = true
                current.serial += 1
                current.thread = pthread_self()
                if kind == .measurementComplete { current.outcomeOwed = true }
                return true
            }
        }
        guard proceed else { return }
        body()
        let announce = lock.withLock {
            defer { lock.broadcast() }
            return state.withLock { current in
                current.delivering = false
                let owedOutcomeDelivered = kind.isOutcome && current.detachAfterOutcome
                if kind.isOutcome {
                    current.outcomeDelivered = true
                    if current.detachAfterOutcome { current.detached = true }
                }
                // A release from inside this callback is announced only now that the callback has returned, an owed
                // outcome's right after its delivery. A release from another thread that waited for this callback
                // is announced by that thread, inside its call, as the header promises.
                return current.detached && current.hostReleased && !current.detaching
                    && (current.releasedInsideCallback || owedOutcomeDelivered) && Self.claimAnnouncement(&current)
            }
        }
        if announce { released?() }
    }

    /// Stops deliveries, at once or (the outcome owed) after the outcome; then waits for the delivery in flight
    /// unless called from inside it, and tells the host when no callback can follow any more.
    func detachUnlessOutcomeOwed() {
        let announce = lock.withLock {
            let serial = state.withLock { current in
                current.hostReleased = true
                current.detaching = true
                if current.delivering && Self.isCurrent(current.thread) { current.releasedInsideCallback = true }
                if current.outcomeOwed && !current.outcomeDelivered && !current.detached {
                    current.detachAfterOutcome = true
                } else {
                    current.detached = true
                }
                return current.serial
            }
            while state.withLock({ $0.delivering && $0.serial == serial && !Self.isCurrent($0.thread) }) {
                lock.wait(until: nil)
            }
            return state.withLock { current in
                current.detaching = false
                return current.detached && !(current.delivering && Self.isCurrent(current.thread))
                    && Self.claimAnnouncement(&current)
            }
        }
        if announce { released?() }
    }

    /// The event thread is done (the stream ended: the session finished or was stopped): no callback can follow,
    /// so the host is told now if it was not already.
    func finish() {
        let announce = lock.withLock {
            state.withLock { current in
                current.thread = nil
                current.detached = true
                // A destroy waiting for the last callback announces it inside its call.
                return !current.detaching && Self.claimAnnouncement(&current)
            }
        }
        if announce { released?() }
    }

    /// Whether the caller is the one to announce the release (the first to ask).
    private static func claimAnnouncement(_ current: inout GateState) -> Bool {
        guard !current.announced else { return false }
        current.announced = true
        return true
    }

    private static func isCurrent(_ thread: pthread_t?) -> Bool {
        thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
    }
}
