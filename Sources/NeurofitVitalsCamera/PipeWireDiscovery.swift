import CPipeWire
import Glibc
import NeurofitVitals

/// Lists PipeWire's camera nodes (`Video/Source`) through the dlopen'ed libpipewire, without streaming.
enum PipeWireDiscovery {
    /// The camera nodes of the daemon `remote` reaches; empty when PipeWire is off, not installed or not running
    /// (the log says why once per reason), or when the portal denied access.
    static func nodes(_ remote: PipeWireRemote) -> [PipeWireNode] {
        guard remote != .off else { return [] }
        guard nfv_pw_load(nil) == 0 else { return [] }
        let fd: Int32
        do { fd = try remote.connectionFd() } catch {
            Log.note("pipewire: \(error.message)")
            return []
        }
        var list: UnsafeMutablePointer<nfv_pw_camera>?
        let count = nfv_pw_discover(fd, PipeWireRemote.discoveryTimeoutMs, &list)
        PipeWireRemote.release(fd)
        defer { nfv_pw_cameras_free(list, max(count, 0)) }
        guard count >= 0, let list else {
            if count < 0, -count != ENOENT, -count != ECONNREFUSED {
                Log.note("pipewire: discovery failed: \(String(cString: strerror(-count)))")
            }
            return []
        }
        return (0..<Int(count)).map { PipeWireNode(list[$0]) }
    }

    /// The description of a node that is not also one of the V4L2 nodes discovery probed.
    static func describe(_ node: PipeWireNode, environment: CameraEnvironment,
                         selector: FpsTierSelector) -> CameraDescription {
        let choice = selector.choose(from: node.modes)
        return CameraDescription(
            id: node.id, name: node.description, path: node.id, driver: node.api.isEmpty ? "pipewire" : node.api,
            bus: node.bus.isEmpty ? "pipewire" : node.bus, modes: node.modes,
            torch: environment.torch(forUSBCamera: node.bus == "usb"), choice: choice,
            unsupportedReason: choice == nil ? selector.unsupportedReason(for: node.modes) : nil,
            facing: CameraFacing(rawValue: node.location).flatMap { $0 == .unknown ? nil : $0 } ?? .unknown,
            sensorRotation: node.rotation, pipeWireNode: node.name)
    }

    /// `v4l2` with the PipeWire nodes merged in: a node that opens one of these V4L2 nodes (`api.v4l2.path`) is
    /// the same camera and only adds its node name (the second way to open it); every other node is a camera of
    /// its own, after the V4L2 ones.
    static func merge(_ v4l2: [CameraDescription], _ nodes: [PipeWireNode], environment: CameraEnvironment,
                      selector: FpsTierSelector) -> [CameraDescription] {
        var cameras = v4l2
        for node in nodes {
            if !node.v4l2Path.isEmpty,
               let index = cameras.firstIndex(where: { resolved($0.path) == resolved(node.v4l2Path) }) {
                cameras[index].pipeWireNode = node.name
            } else {
                cameras.append(describe(node, environment: environment, selector: selector))
            }
        }
        return cameras
    }

    private static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }
}
