import NeurofitVitals
import PpgCore

import Glibc

/// Camera access (`cameraAuthorization`): whether this process may open the camera's node.
/// Linux has no prompt: access comes from the node's permissions, usually membership of the `video` group.
public struct CameraAccess: Sendable, Equatable {
    /// `authorized` or `denied`.
    public var authorization: String
    /// What to change when denied; nil when authorized.
    public var reason: String?

    /// What a user without access should do.
    public static let groupAdvice = "add the user to the 'video' group (sudo usermod -aG video $USER, then log "
        + "in again) or ask the administrator to grant access to the camera"

    /// Access to `device` (a path, a stable id, "front"/"back"/"external"; nil, "" or "default": the first
    /// video node that is a camera, else the first video node).
    public static func query(device: String?, environment: CameraEnvironment = .current()) -> CameraAccess {
        let path: String
        let device = CameraDiscovery.specificDevice(device)
        if let device, device.hasPrefix("/") {
            path = device
        } else if let device {
            guard let found = CameraDiscovery(environment: environment).camera(named: device)
            else { return denied("No camera with id or facing \(device)") }
            path = found.path
        } else {
            let discovery = CameraDiscovery(environment: environment)
            let camera = environment.videoNodes.first { (try? discovery.describe(path: $0)) != nil }
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

    private static func denied(_ reason: String) -> CameraAccess {
        CameraAccess(authorization: "denied", reason: reason)
    }
}
