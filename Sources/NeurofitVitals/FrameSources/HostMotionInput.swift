import PpgCore

/// A source that takes accelerometer samples from the host (`nfv_session_submit_motion`): host frames, and a camera
/// that reads no accelerometer itself. The samples go to the session with the frames, on the frames' clock, and are
/// recorded. The simulator and replays take none: they run on their own clocks and bring their own motion.
public protocol HostMotionInput: FrameSource {
    /// Hands one accelerometer sample (m/s², gravity included) stamped on the source's clock to the session.
    /// - Throws: `invalidArgument` for a value that is not finite or not below 1000 m/s² in magnitude, or a timestamp
    ///   that does not come after the previous sample's (the sample is ignored); `misuse` when the source is not
    ///   running (`HostFrameSource.notRunning`) or reads an accelerometer itself.
    func submit(motion timestampMicroseconds: Int64, x: Double, y: Double, z: Double) throws(VitalsError)
}

extension MotionSample {
    /// A host's sample, in seconds.
    /// - Throws: `invalidArgument` for a value that is not finite or not below 1000 m/s² in magnitude.
    public static func fromHost(timestampMicroseconds: Int64, x: Double, y: Double,
                                z: Double) throws(VitalsError) -> MotionSample {
        guard x.isFinite, y.isFinite, z.isFinite, max(abs(x), abs(y), abs(z)) < 1000 else {
            throw .invalidArgument("Acceleration must be finite m/s² below 1000 in magnitude; the sample was ignored")
        }
        return MotionSample(timestamp: Double(timestampMicroseconds) / 1e6, x: x, y: y, z: z)
    }

    /// Refuses a host's sample stamped `timestamp` (µs, as the host gave it) unless it comes after `previous`.
    /// - Throws: `invalidArgument` naming both times.
    public static func checkIncreasing(_ timestamp: Int64, after previous: Int64?) throws(VitalsError) {
        try HostFrameSource.checkIncreasing(timestamp, after: previous, what: ("Motion", "sample"))
    }
}
