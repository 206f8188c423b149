import NeurofitVitals
import PpgCore

/// One camera as discovery reports it, found without streaming or reserving it.
public struct CameraDescription: Sendable, Equatable {
    /// Stable id: the udev `/dev/v4l/by-id` name when there is one, else the `/dev/v4l/by-path` name, else
    /// `driver:bus_info`; `pipewire:<node.name>` for a camera only PipeWire offers.
    public var id: String
    /// The device's name (`card`).
    public var name: String
    /// The video node (the id for a camera only PipeWire offers).
    public var path: String
    /// Kernel driver.
    public var driver: String
    /// Bus location.
    public var bus: String
    /// Native and emulated modes.
    public var modes: [CameraMode]
    /// The torch used with this camera, if any.
    public var torch: TorchDevice?
    /// The highest tier a capturable native mode reaches and that mode, nil when none does.
    public var choice: FpsTierSelector.Choice?
    /// Why the camera cannot be used, nil when it can.
    public var unsupportedReason: String?
    /// Which way the camera looks.
    public var facing: CameraFacing
    /// Degrees (0, 90, 180, 270) the image must be rotated clockwise to look upright, when the driver says.
    public var sensorRotation: Int?
    /// The PipeWire node (`node.name`) that offers this camera, nil when PipeWire does not. A camera found only
    /// through PipeWire has the id and path `pipewire:<node.name>` and is captured through PipeWire; a V4L2 camera
    /// that PipeWire also offers keeps its V4L2 id and is opened directly, through PipeWire only when the node is
    /// busy (docs/camera.md, "PipeWire").
    public var pipeWireNode: String?

    /// Creates a description.
    public init(id: String, name: String, path: String, driver: String, bus: String, modes: [CameraMode],
                torch: TorchDevice?, choice: FpsTierSelector.Choice?, unsupportedReason: String?,
                facing: CameraFacing = .unknown, sensorRotation: Int? = nil, pipeWireNode: String? = nil) {
        self.id = id
        self.name = name
        self.path = path
        self.driver = driver
        self.bus = bus
        self.modes = modes
        self.torch = torch
        self.choice = choice
        self.unsupportedReason = unsupportedReason
        self.facing = facing
        self.sensorRotation = sensorRotation
        self.pipeWireNode = pipeWireNode
    }

    /// Whether capture goes through PipeWire (a camera found only there).
    public var isPipeWireOnly: Bool { path.hasPrefix(PipeWireNode.idPrefix) }

    /// The tiers of the default ladder that a capturable native mode reaches, highest first.
    public var reachableTiers: [Int] {
        FpsTierSelector.defaultTiers.filter { tier in
            FpsTierSelector(tiers: [tier]).choose(from: modes) != nil
        }
    }

    /// The cancel contexts' `deviceModel`: name and bus.
    public var deviceModel: String { "\(name) (\(bus))" }
}
