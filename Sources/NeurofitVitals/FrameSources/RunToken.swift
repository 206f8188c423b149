import Synchronization

/// Identifies one open…close run of a source's producer thread, so a thread left over from an earlier run stops
/// delivering as soon as its run is closed.
final class RunToken: Sendable {
    private let stopped = Atomic<Bool>(false)

    /// Whether the run was closed.
    var isStopped: Bool { stopped.load(ordering: .acquiring) }

    /// Stops the run held in `slot` (if any) and puts a new one there.
    static func replacing(in slot: borrowing ForkSafeMutex<RunToken?>) -> RunToken {
        let token = RunToken()
        slot.withLock { previous in
            previous?.stopped.store(true, ordering: .releasing)
            previous = token
        }
        return token
    }

    /// Stops the run held in `slot` (if any).
    static func stop(in slot: borrowing ForkSafeMutex<RunToken?>) {
        slot.withLock { current in
            current?.stopped.store(true, ordering: .releasing)
            current = nil
        }
    }
}
