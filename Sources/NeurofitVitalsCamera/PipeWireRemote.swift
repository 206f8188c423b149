import CPipeWire
import Glibc
import NeurofitVitals
import Synchronization

/// How this process reaches PipeWire, and the one connection fd the camera portal handed out (docs/camera.md,
/// "Flatpak and the camera portal"). `session`: the daemon of the user's session (`$XDG_RUNTIME_DIR/pipewire-0`,
/// or `$PIPEWIRE_REMOTE`); `portal`: the fd `org.freedesktop.portal.Camera` returns after the user allowed the
/// camera, asked for once per process and kept; `off`: PipeWire is not used.
public enum PipeWireRemote: String, Sendable, Equatable {
    /// The session's daemon, directly.
    case session
    /// Through the camera portal.
    case portal
    /// No PipeWire.
    case off

    /// The portal's answer, once asked (nil: not asked yet).
    private static let answer = Mutex<PortalAnswer?>(nil)
    /// How long the portal may take to answer: the user may be looking at a permission dialog (ms).
    static let portalTimeoutMs: Int32 = 60_000
    /// How long discovery waits for the daemon (ms).
    static let discoveryTimeoutMs: Int32 = 2000

    /// The choice for this process: `NFV_PIPEWIRE` (`session`, `portal` or `off`) when set, else `portal` inside
    /// a Flatpak sandbox (`/.flatpak-info` exists) and `session` elsewhere.
    static func fromEnvironment(_ value: String?) -> PipeWireRemote {
        if let value, let choice = PipeWireRemote(rawValue: value) { return choice }
        return access("/.flatpak-info", F_OK) == 0 ? .portal : .session
    }

    /// What the portal said, kept for the process.
    public struct PortalAnswer: Sendable, Equatable {
        /// The PipeWire fd when access was granted.
        public var fd: Int32?
        /// `authorized` or `denied`.
        public var authorization: String
        /// What happened and what to do (nil when granted).
        public var reason: String?
    }

    /// The fd to connect with: -1 for `session`, the portal's fd for `portal` (asking the portal the first time).
    /// - Throws: `CaptureError` with `EACCES` when the portal denied access, `ENODEV` for `off`, or the portal's
    ///   failure.
    func connectionFd() throws(CaptureError) -> Int32 {
        switch self {
        case .off: throw CaptureError("pipewire", device: "pipewire", detail: "PipeWire is switched off (NFV_PIPEWIRE=off)")
        case .session: return -1
        case .portal:
            let answer = Self.portalAnswer()
            guard let fd = answer.fd else {
                var error = CaptureError("org.freedesktop.portal.Camera", device: "camera portal",
                                         code: answer.authorization == "denied" ? EACCES : ENODEV)
                error.detail = answer.reason ?? "no camera access"
                throw error
            }
            return fd
        }
    }

    /// The portal's answer, asking it the first time (AccessCamera, then OpenPipeWireRemote).
    public static func portalAnswer() -> PortalAnswer {
        answer.withLock { known in
            if let known { return known }
            var reply = nfv_portal_answer()
            nfv_portal_open_camera(portalTimeoutMs, &reply)
            let message = withUnsafeBytes(of: reply.message) { bytes in
                String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            let result = reply.status == 0 && reply.fd >= 0
                ? PortalAnswer(fd: reply.fd, authorization: "authorized", reason: nil)
                : PortalAnswer(fd: nil, authorization: "denied", reason: message)
            // A portal that could not be reached is asked again next time; the user's answer is kept.
            if reply.status == 0 || reply.status == 1 { known = result }
            return result
        }
    }
}
