import CPipeWire
import Glibc
import NeurofitVitals

/// How this process reaches PipeWire (docs/camera.md, "Flatpak and the camera portal"). `session`: the daemon of
/// the user's session (`$XDG_RUNTIME_DIR/pipewire-0`, or `$PIPEWIRE_REMOTE`); `portal`: through
/// `org.freedesktop.portal.Camera`, whose access answer is asked for once per process and kept, and which hands out a
/// new PipeWire fd for every connection (two PipeWire clients never share a socket: a second one's hello resets the
/// first's objects in the daemon); `off`: PipeWire is not used.
public enum PipeWireRemote: String, Sendable, Equatable {
    /// The session's daemon, directly.
    case session
    /// Through the camera portal.
    case portal
    /// No PipeWire.
    case off

    /// The portal's access answer, once asked (nil: not asked yet).
    private static let answer = ForkSafeMutex<PortalAnswer?>(nil)
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

    /// What the portal said about camera access, kept for the process.
    public struct PortalAnswer: Sendable, Equatable {
        /// `authorized` or `denied`.
        public var authorization: String
        /// What happened and what to do (nil when granted).
        public var reason: String?
    }

    /// An fd for one new connection: -1 for `session` (the default remote); for `portal` a new PipeWire fd from
    /// the portal (asking for access the first time), which the caller closes once connected (the connection
    /// keeps its own duplicate).
    /// - Throws: `CaptureError` with `EACCES` when the portal denied access, `ENODEV` for `off`, or the portal's
    ///   failure.
    func connectionFd() throws(CaptureError) -> Int32 {
        switch self {
        case .off: throw CaptureError("pipewire", device: "pipewire", detail: "PipeWire is switched off (NFV_PIPEWIRE=off)")
        case .session: return -1
        case .portal:
            let answer = Self.portalAnswer()
            guard answer.authorization == "authorized" else {
                var error = CaptureError("org.freedesktop.portal.Camera", device: "camera portal", code: EACCES)
                error.detail = answer.reason ?? "no camera access"
                throw error
            }
            var reply = nfv_portal_answer()
            nfv_portal_open_remote(&reply)
            guard reply.status == 0, reply.fd >= 0 else {
                var error = CaptureError("OpenPipeWireRemote", device: "camera portal",
                                         code: reply.status < 0 ? -reply.status : EIO)
                error.detail = Self.message(of: reply)
                throw error
            }
            return reply.fd
        }
    }

    /// Closes what `connectionFd` returned, once the connection holds its own copy.
    static func release(_ fd: Int32) {
        if fd >= 0 { Glibc.close(fd) }
    }

    /// The portal's access answer, asking it the first time (AccessCamera).
    public static func portalAnswer() -> PortalAnswer {
        answer.withLock { known in
            if let known { return known }
            var reply = nfv_portal_answer()
            nfv_portal_access_camera(portalTimeoutMs, &reply)
            let result = reply.status == 0
                ? PortalAnswer(authorization: "authorized", reason: nil)
                : PortalAnswer(authorization: "denied", reason: message(of: reply))
            // A portal that could not be reached is asked again next time; the user's answer is kept.
            if reply.status == 0 || reply.status == 1 { known = result }
            return result
        }
    }

    private static func message(of reply: nfv_portal_answer) -> String {
        withUnsafeBytes(of: reply.message) { bytes in
            String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
    }
}
