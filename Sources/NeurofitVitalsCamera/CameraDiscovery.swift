import CV4L2
import Glibc
import NeurofitVitals

/// Lists cameras without streaming: every video node that is a streaming video-capture
/// device (metadata nodes, outputs and subdevices are not cameras), with its modes, tier and torch, then PipeWire's
/// camera nodes that are not one of those V4L2 nodes (`PipeWireDiscovery.merge`).
public struct CameraDiscovery: Sendable {
    /// Where to look.
    public let environment: CameraEnvironment
    /// The tier rule.
    public let selector: FpsTierSelector

    /// Discovery in `environment` with the default tier ladder.
    public init(environment: CameraEnvironment = .current(), selector: FpsTierSelector = FpsTierSelector()) {
        self.environment = environment
        self.selector = selector
    }

    /// Every camera found: the V4L2 nodes in node order, then the PipeWire-only cameras in the daemon's order.
    public func cameras() -> [CameraDescription] {
        withPipeWire(environment.videoNodes.compactMap { try? describeNode(path: $0) })
    }

    /// `v4l2` with PipeWire's cameras merged in.
    private func withPipeWire(_ v4l2: [CameraDescription]) -> [CameraDescription] {
        PipeWireDiscovery.merge(v4l2, PipeWireDiscovery.nodes(environment.pipeWire), environment: environment,
                                selector: selector)
    }

    /// The camera at `path`: a video node, or a `pipewire:` id (looked up among PipeWire's nodes).
    /// - Throws: `CaptureError` when it cannot be opened or is not a video capture device (`ENOENT` for a PipeWire
    ///   node that is not there).
    public func describe(path: String) throws(CaptureError) -> CameraDescription {
        guard path.hasPrefix(PipeWireNode.idPrefix) else { return try describeNode(path: path) }
        let nodes = PipeWireDiscovery.nodes(environment.pipeWire)
        guard let node = nodes.first(where: { $0.id == path }) else {
            throw CaptureError("pipewire", device: path, code: ENOENT)
        }
        return PipeWireDiscovery.describe(node, environment: environment, selector: selector)
    }

    /// The V4L2 camera at `path`.
    private func describeNode(path: String) throws(CaptureError) -> CameraDescription {
        let node = try V4L2Node(path: path, conversion: true)
        let capabilities = try node.capabilities()
        guard capabilities.isVideoCapture else {
            throw CaptureError("VIDIOC_QUERYCAP", device: path, detail: "not a video capture device")
        }
        let modes = node.modes()
        let choice = selector.choose(from: modes)
        return CameraDescription(
            id: Self.stableId(path: path, capabilities), name: capabilities.card, path: path,
            driver: capabilities.driver, bus: capabilities.busInfo, modes: modes,
            torch: environment.torch(forUSBCamera: capabilities.isUSB), choice: choice,
            unsupportedReason: choice == nil ? selector.unsupportedReason(for: modes) : nil,
            facing: CameraFacing(orientationControl: node.control(CV4L2_CID_CAMERA_ORIENTATION)?.value),
            sensorRotation: node.control(CV4L2_CID_CAMERA_SENSOR_ROTATION)?.value)
    }

    /// The camera a reading should use among `cameras`: a supported back camera with a torch, else the first
    /// supported one; nil when none is supported.
    public static func preferred(among cameras: [CameraDescription]) -> CameraDescription? {
        let supported = cameras.filter { $0.choice != nil }
        return supported.first { $0.facing == .back && $0.torch != nil } ?? supported.first
    }

    /// The camera a name means without opening a stream: a stable id from `cameras()`, or "front", "back" or
    /// "external" for the preferred camera with that facing (a supported one when there is one).
    public func camera(named device: String) -> CameraDescription? {
        let all = cameras()
        guard let facing = CameraFacing(deviceName: device) else { return all.first { $0.id == device } }
        let matching = all.filter { $0.facing == facing }
        return Self.preferred(among: matching) ?? matching.first
    }

    /// The camera a session means by `device`: nil, "" or "default" = the default camera (a supported back camera
    /// with a torch, else the first supported camera), "front", "back" or "external" = a camera with that facing
    /// (`preferred(among:)`), a path, or a stable id from `cameras()`.
    /// - Throws: `cameraUnavailable` when there is no such camera, `cameraPermissionDenied` when it may not be
    ///   opened (or the camera portal refused access and no other camera was found), `unsupportedDevice` (with the
    ///   reason) when it reaches no tier.
    public func resolve(_ device: String?) throws(VitalsError) -> CameraDescription {
        guard let device = Self.specificDevice(device) else {
            let all = environment.videoNodes.map { path in
                Result { () throws(CaptureError) in try describeNode(path: path) }
            }
            let cameras = withPipeWire(all.compactMap { try? $0.get() })
            if let supported = Self.preferred(among: cameras) {
                return supported
            }
            if let denied = all.lazy.compactMap({ result -> CaptureError? in
                if case .failure(let error) = result, error.isPermissionDenied { return error }
                return nil
            }).first {
                throw denied.vitalsError
            }
            if let unsupported = cameras.first {
                throw VitalsError(.unsupportedDevice, unsupported.unsupportedReason ?? "unsupported camera")
            }
            throw portalRefusal ?? Self.noCamera
        }
        let named = device.hasPrefix("/") ? nil : camera(named: device)
        guard let path = device.hasPrefix("/") ? device : named?.path else {
            if let portalRefusal { throw portalRefusal }
            if let facing = CameraFacing(deviceName: device) {
                throw VitalsError(.cameraUnavailable, "No camera reports facing \(facing.rawValue) (see nfv devices)",
                                  retryable: false)
            }
            throw VitalsError(.cameraUnavailable, "No camera with id \(device) (see nfv devices)")
        }
        var camera: CameraDescription
        do { camera = try describe(path: path) } catch { throw error.vitalsError }
        if camera.pipeWireNode == nil { camera.pipeWireNode = named?.pipeWireNode }
        guard camera.choice != nil else {
            throw VitalsError(.unsupportedDevice, camera.unsupportedReason ?? "unsupported camera")
        }
        return camera
    }

    /// `cameraPermissionDenied` with the portal's reason when PipeWire is reached through the camera portal and it
    /// did not grant access (why no PipeWire camera was found); nil otherwise.
    private var portalRefusal: VitalsError? {
        guard environment.pipeWire == .portal else { return nil }
        let answer = PipeWireRemote.portalAnswer()
        guard answer.authorization == "denied" else { return nil }
        return VitalsError(.cameraPermissionDenied, answer.reason ?? "The camera portal did not grant camera access",
                           retryable: false)
    }

    /// `device` unless it names the default camera: nil, "" or "default" give nil.
    public static func specificDevice(_ device: String?) -> String? {
        guard let device, !device.isEmpty, device != "default" else { return nil }
        return device
    }

    /// `cameraUnavailable` for a machine without any video capture device.
    public static let noCamera = VitalsError(
        .cameraUnavailable, "No camera found: no V4L2 video capture device (/dev/video*) and no PipeWire camera on "
            + "this machine",
        retryable: false)

    private static func stableId(path: String, _ capabilities: V4L2Capabilities) -> String {
        for directory in ["/dev/v4l/by-id", "/dev/v4l/by-path"] {
            for name in CameraEnvironment.entries(of: directory, prefix: "").sorted()
            where resolvedPath(directory + "/" + name) == resolvedPath(path) {
                return name
            }
        }
        return "\(capabilities.driver):\(capabilities.busInfo)"
    }

    private static func resolvedPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
