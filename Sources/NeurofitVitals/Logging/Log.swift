import Glibc
import Synchronization

/// The library's diagnostic log (`isLoggingEnabled`): off by default; when on, state transitions
/// and capture decisions go to the host's log callback, or to standard error when none is set. Never metric values,
/// frames or license contents. Nothing is formatted while logging is off.
public enum Log {
    /// Where log lines go when logging is on.
    public typealias Sink = @Sendable (String) -> Void

    private static let enabled = Atomic<Bool>(false)
    /// The sink, inside a struct: a bare optional closure in a `Mutex` gained reabstraction thunks on every
    /// `withLock` (Swift 6.3.1), making each log line slower and deeper than the last.
    private static let sink = ForkSafeMutex<SinkSlot>(SinkSlot())

    private struct SinkSlot {
        var sink: Sink?
    }

    /// Turns logging on or off (process-wide, any thread).
    public static func setEnabled(_ on: Bool) {
        enabled.store(on, ordering: .releasing)
    }

    /// Whether logging is on.
    public static var isEnabled: Bool { enabled.load(ordering: .acquiring) }

    /// Sends log lines to `sink` instead of standard error (nil: back to standard error).
    public static func setSink(_ newSink: Sink?) {
        sink.withLock { $0.sink = newSink }
    }

    /// Logs `message()` when logging is on; the message is not even built otherwise.
    public static func note(_ message: @autoclosure () -> String) {
        guard isEnabled else { return }
        let line = "neurofit-vitals: " + message()
        if let sink = sink.withLock({ $0.sink }) {
            sink(line)
        } else {
            _ = (line + "\n").withCString { write(STDERR_FILENO, $0, strlen($0)) }
        }
    }
}
