import CPipeWire
import NeurofitVitals

/// One PipeWire camera node (`media.class` `Video/Source`) as discovery reads it from the daemon, without
/// streaming: its properties and the capture modes its `EnumFormat` parameters offer.
public struct PipeWireNode: Sendable, Equatable {
    /// `node.name`: stable across restarts of the daemon and re-plugs (wireplumber names V4L2 nodes
    /// `v4l2_input.<udev path>`, libcamera nodes `libcamera_input.<camera id>`).
    public var name: String
    /// `node.description` (else `node.nick`, else the name).
    public var description: String
    /// `api.libcamera.location`: `front`, `back`, `external`, or "" when the node does not say.
    public var location: String
    /// `device.api`: `libcamera`, `v4l2`, … ("" when not said).
    public var api: String
    /// The V4L2 node PipeWire opens for this camera (`api.v4l2.path`), "" for libcamera and other nodes.
    public var v4l2Path: String
    /// `device.bus` (`usb`, `pci`, …), "" when not said.
    public var bus: String
    /// `object.serial` (changes whenever the node is recreated: not part of the id).
    public var serial: UInt64
    /// `api.libcamera.rotation` in degrees, nil when not said.
    public var rotation: Int?
    /// The capture modes offered.
    public var modes: [CameraMode]

    /// The camera's stable id: `pipewire:<node.name>`.
    public var id: String { PipeWireNode.idPrefix + name }

    /// The prefix of PipeWire camera ids.
    public static let idPrefix = "pipewire:"

    /// The node `camera` describes.
    init(_ camera: nfv_pw_camera) {
        name = String(cString: camera.node_name)
        description = String(cString: camera.description)
        location = String(cString: camera.location)
        api = String(cString: camera.device_api)
        v4l2Path = String(cString: camera.v4l2_path)
        bus = String(cString: camera.bus)
        serial = camera.serial
        rotation = camera.rotation >= 0 ? Int(camera.rotation) : nil
        modes = (0..<camera.mode_count).map { index in
            let mode = camera.modes[index]
            return CameraMode(format: FourCC(rawValue: mode.fourcc), width: Int(mode.width), height: Int(mode.height),
                              maxFps: mode.max_fps)
        }
    }
}
