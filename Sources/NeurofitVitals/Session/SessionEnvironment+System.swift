import Glibc

extension SessionEnvironment {
    /// The real wall clock and random UUIDs.
    public static let system = SessionEnvironment(
        now: {
            var time = timespec()
            clock_gettime(CLOCK_REALTIME, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        },
        makeId: { RandomUUID.text() })
}
