import NeurofitVitals
import Glibc

/// Wall time for the capture loop's stall and recovery timers (the only place the wall clock matters);
/// a virtual clock in the unit tests.
public protocol CaptureClock: Sendable {
    /// Seconds on a monotonic clock.
    func now() -> Double
    /// Waits `seconds`.
    func sleep(_ seconds: Double)
}

/// `CLOCK_MONOTONIC`.
public struct MonotonicClock: CaptureClock {
    /// The system's monotonic clock.
    public init() {}

    public func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    public func sleep(_ seconds: Double) {
        guard seconds > 0 else { return }
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}
