@testable import NeurofitVitals

/// Sources for session tests, which run without the camera module.
enum TestSources {
    /// The default source of a test session: there is no camera here, so a session that chose no source fails to
    /// start with `cameraUnavailable`.
    static let noCamera: @Sendable (VitalsConfiguration) throws(VitalsError) -> any FrameSource = { _ throws(VitalsError) in
        throw VitalsError(.cameraUnavailable, "No camera in the session tests")
    }
}
