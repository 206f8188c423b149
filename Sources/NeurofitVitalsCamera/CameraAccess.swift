import NeurofitVitals
import PpgCore

import Glibc

/// Camera access (`cameraAuthorization`): whether this process may open the camera's node.
/// A V4L2 node's access comes from its permissions, usually membership of the `video` group; a sandboxed app's
/// PipeWire cameras come through the camera portal, whose answer (the user's) is reported.
public struct CameraAccess: Sendable, Equatable {
    /// `authorized` or `denied`.
    public var authorization: String
    /// What to change when denied; nil when authorized.
    public var reason: String?

    /// What a user without access should do.
    public static let groupAdvice = "add the user to the 'video' group (sudo usermod -aG video $USER, then log "
        + "in again) or ask the administrator to grant access to the camera"

    /// Access to `device` (a path, a stable id, "front"/"back"/"external"; nil, "" or "default": the first
    /// video node that is a camera, else a PipeWire camera when there is one, else the first video node).
    public static func query(device: String?, environment: CameraEnvironment = .current()) -> CameraAccess {
        let path: String
        let device = CameraDiscovery.specificDevice(device)
        if let device, device.hasPrefix("/") {
            path = device
        } else if let device {
            guard let found = CameraDiscovery(environment: environment).camera(named: device) else {
                return portalRefusal(environment.pipeWire) ?? denied("No camera with id or facing \(device)")
            }
            if found.isPipeWireOnly { return pipeWire(environment.pipeWire) }
            path = found.path
        } else {
            let discovery = CameraDiscovery(environment: environment)
            let camera = environment.videoNodes.first { (try? discovery.describe(path: $0)) != nil }
            if camera == nil {
                if discovery.cameras().contains(where: \.isPipeWireOnly) { return pipeWire(environment.pipeWire) }
                if let refusal = portalRefusal(environment.pipeWire) { return refusal }
            }
            guard let first = camera ?? environment.videoNodes.first else {
                return denied("No camera found on this machine")
            }
            path = first
        }
        if access(path, R_OK | W_OK) == 0 { return CameraAccess(authorization: "authorized", reason: nil) }
        let code = errno
        if code == EACCES || code == EPERM || code == EROFS {
            return denied("This user may not open \(path): " + groupAdvice)
        }
        return denied("Cannot open \(path): \(String(cString: strerror(code)))")
    }

    /// Access to a camera only PipeWire offers: the camera portal's answer when PipeWire is reached through it,
    /// else authorized (the daemon lists to a client only the nodes it lets it use).
    private static func pipeWire(_ remote: PipeWireRemote) -> CameraAccess {
        guard remote == .portal else { return CameraAccess(authorization: "authorized", reason: nil) }
        let answer = PipeWireRemote.portalAnswer()
        return CameraAccess(authorization: answer.authorization, reason: answer.reason)
    }

    /// The portal's refusal when PipeWire is reached through the camera portal and it did not grant access (then
    /// no PipeWire camera can be seen); nil otherwise.
    private static func portalRefusal(_ remote: PipeWireRemote) -> CameraAccess? {
        guard remote == .portal else { return nil }
        let access = pipeWire(remote)
        return access.authorization == "denied" ? access : nil
    }

    private static func denied(_ reason: String) -> CameraAccess {
        CameraAccess(authorization: "denied", reason: reason)
    }
}
