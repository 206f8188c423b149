/// The default camera source of a session that chose none (SPEC §3).
enum DefaultCamera {
    /// The first supported V4L2 capture device. Camera capture is not part of this build yet, so this reports
    /// `cameraUnavailable` and names the sources that work.
    @Sendable static func source() throws(VitalsError) -> any FrameSource {
        throw VitalsError(.cameraUnavailable, "This build has no camera capture yet: use the simulated finger, "
            + "host frames or a replay", retryable: false)
    }
}
