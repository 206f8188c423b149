import NeurofitVitals
/// The default camera source of a session that chose none.
public enum DefaultCamera {
    /// The default camera (`CameraDiscovery.resolve(nil)`: a supported back camera with a torch, else the first
    /// supported one), as a `CameraSource` whose tier ladder and exposure tuner follow `configuration`
    /// (`fpsTiers`, `exposure*`).
    /// - Throws: `notActivated` before anything else; `cameraUnavailable` when there is no camera,
    ///   `cameraPermissionDenied` when the user may not open it, `unsupportedDevice` when no camera reaches 20 fps at
    ///   640 px.
    @Sendable public static func source(_ configuration: VitalsConfiguration) throws(VitalsError) -> any FrameSource {
        try CameraSource(device: nil, configuration: configuration)
    }
}
