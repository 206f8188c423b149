import CNeurofitVitals
import Glibc
import NeurofitVitals
import NeurofitVitalsCamera
import StrictJSON

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_session_new")
#endif
public func nfv_session_new(_ configJson: UnsafePointer<CChar>?,
                            _ outSession: UnsafeMutablePointer<OpaquePointer?>?) -> nfv_status {
    cCall { () throws(VitalsError) in
        guard let outSession else { throw .invalidArgument("out_session must not be NULL") }
        outSession.pointee = nil
        let text = try Arguments.optionalString(configJson, "config_json")
        let setup = try SessionSetup(configurationJSON: text)
        outSession.pointee = sessions.insert(SessionLifecycle(setup, defaultSource: DefaultCamera.source))
    }
}

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_session_destroy")
#endif
public func nfv_session_destroy(_ session: OpaquePointer?) {
    sessions.remove(session)?.release()
}

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_session_use_host_frames")
#endif
public func nfv_session_use_host_frames(_ session: OpaquePointer?, _ fpsTier: CInt) -> nfv_status {
    cCall { () throws(VitalsError) in
        let session = try sessions.object(session)
        try session.chooseSource { _ throws(VitalsError) in try HostFrameSource.checked(fpsTier: Int(fpsTier)) }
    }
}

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_session_use_simulator")
#endif
public func nfv_session_use_simulator(_ session: OpaquePointer?, _ optionsJson: UnsafePointer<CChar>?) -> nfv_status {
    cCall { () throws(VitalsError) in
        let session = try sessions.object(session)
        let options = try SimulatorOptions(json: try Arguments.optionalString(optionsJson, "options_json"))
        try session.chooseSource { _ in options.makeSource() }
    }
}

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_session_set_callback")
#endif
public func nfv_session_set_callback(_ session: OpaquePointer?, _ callback: nfv_event_fn?,
                                     _ userData: UnsafeMutableRawPointer?) -> nfv_status {
    cCall { () throws(VitalsError) in
        let session = try sessions.object(session)
        guard let callback else { throw .invalidArgument("callback must not be NULL") }
        let host = HostPointer(raw: userData)
        let deliver: @Sendable (TimedEvent) -> Void = { event in event.json.withCString { callback(host.raw, $0) } }
        try session.configure { (setup: inout SessionSetup) in
            setup.callback = deliver
            setup.released = nil
        }
    }
}

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_session_set_callback_v2")
#endif
public func nfv_session_set_callback_v2(_ session: OpaquePointer?, _ callback: nfv_event_fn_v2?,
                                        _ userData: UnsafeMutableRawPointer?, _ release: nfv_release_fn?) -> nfv_status {
    cCall { () throws(VitalsError) in
        let session = try sessions.object(session)
        guard let callback else { throw .invalidArgument("callback must not be NULL") }
        let host = HostPointer(raw: userData)
        try session.configure { (setup: inout SessionSetup) in
            setup.callback = kindedDelivery(callback, host)
            setup.released = releaseNotice(release, host)
        }
    }
}

/// Hands each event to a version 2 callback with its kind.
private func kindedDelivery(_ callback: @escaping nfv_event_fn_v2, _ host: HostPointer) -> @Sendable (TimedEvent) -> Void {
    { event in
        let kind = cKind(event.event.kind)
        event.json.withCString { callback(host.raw, kind, $0) }
    }
}

/// Calls `release` with the host's pointer (nil: nobody to tell).
private func releaseNotice(_ release: nfv_release_fn?, _ host: HostPointer) -> (@Sendable () -> Void)? {
    guard let release else { return nil }
    return { release(host.raw) }
}

/// The C value of `kind`.
private func cKind(_ kind: EventKind) -> nfv_event_kind {
    nfv_event_kind(rawValue: UInt32(kind.rawValue))
}

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_session_set_preview_callback")
#endif
public func nfv_session_set_preview_callback(_ session: OpaquePointer?, _ fn: nfv_preview_callback?,
                                             _ userData: UnsafeMutableRawPointer?, _ maxFps: CInt) -> nfv_status {
    cCall { () throws(VitalsError) in
        let session = try sessions.object(session)
        let fps = maxFps == 0 ? PreviewRateLimit.defaultFPS : Int(maxFps)
        guard PreviewRateLimit.fpsRange.contains(fps) else {
            throw .invalidArgument("max_fps must be in \(PreviewRateLimit.fpsRange), or 0 for "
                + "\(PreviewRateLimit.defaultFPS) (got \(maxFps))")
        }
        let host = HostPointer(raw: userData)
        try session.setPreview(fn.map { fn in (fps, { frame in
            frame.rgb.withUnsafeBufferPointer {
                fn($0.baseAddress, CInt(frame.width), CInt(frame.height), CInt(frame.stride),
                   frame.timestampMicroseconds, host.raw)
            }
        }) })
    }
}

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_session_start")
#endif
public func nfv_session_start(_ session: OpaquePointer?) -> nfv_status {
    cCall { () throws(VitalsError) in try sessions.object(session).start() }
}

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_session_next_event")
#endif
public func nfv_session_next_event(_ session: OpaquePointer?, _ timeoutMs: CInt,
                                   _ outJson: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> nfv_status {
    pullEvent(session, timeoutMs, outKind: nil, outJson)
}

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_session_next_event_v2")
#endif
public func nfv_session_next_event_v2(_ session: OpaquePointer?, _ timeoutMs: CInt,
                                      _ outKind: UnsafeMutablePointer<nfv_event_kind>?,
                                      _ outJson: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> nfv_status {
    let status = cCall { () throws(VitalsError) in
        guard let outKind else { throw .invalidArgument("out_kind must not be NULL") }
        outKind.pointee = nfv_event_kind(rawValue: 0)
    }
    guard status == NFV_OK else { return status }
    return pullEvent(session, timeoutMs, outKind: outKind, outJson)
}

/// The next event of `handle` into `outJson` (and its kind into `outKind`, when given): `NFV_OK`, `NFV_TIMEOUT`,
/// `NFV_DONE` or an error status.
private func pullEvent(_ handle: OpaquePointer?, _ timeoutMs: CInt, outKind: UnsafeMutablePointer<nfv_event_kind>?,
                       _ outJson: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> nfv_status {
    var pulled = Session.Pull.timedOut
    let status = cCall { () throws(VitalsError) in
        let session = try sessions.object(handle)
        let output = try Arguments.stringOutput(outJson, "out_json")
        pulled = try session.nextEvent(timeout: timeoutMs < 0 ? nil : Double(timeoutMs) / 1000)
        if case .event(let event) = pulled {
            output.pointee = try newCString(event.json)
            outKind?.pointee = cKind(event.event.kind)
        }
    }
    guard status == NFV_OK else { return status }
    switch pulled {
    case .event: return NFV_OK
    case .timedOut: return NFV_TIMEOUT
    case .ended: return NFV_DONE
    }
}

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_event_kind_name")
#endif
public func nfv_event_kind_name(_ kind: nfv_event_kind) -> UnsafePointer<CChar>? {
    Int32(exactly: kind.rawValue).flatMap(EventKind.init(rawValue:)).map { eventKindNames[$0]!.pointer }
}

/// The static C string of every event kind's name: built once, never freed.
private let eventKindNames = Dictionary(uniqueKeysWithValues: EventKind.allCases.map { ($0, StaticCString($0.name)) })

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_session_cancel_reading")
#endif
public func nfv_session_cancel_reading(_ session: OpaquePointer?, _ reason: UnsafePointer<CChar>?) -> nfv_status {
    cCall { () throws(VitalsError) in
        let session = try sessions.object(session)
        session.cancelReading(reason: try Arguments.optionalString(reason, "reason") ?? "host")
    }
}

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_session_set_auto_start")
#endif
public func nfv_session_set_auto_start(_ session: OpaquePointer?, _ enabled: CInt) -> nfv_status {
    cCall { () throws(VitalsError) in try sessions.object(session).autoStart = enabled != 0 }
}

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_session_get_auto_start")
#endif
public func nfv_session_get_auto_start(_ session: OpaquePointer?,
                                       _ outEnabled: UnsafeMutablePointer<CInt>?) -> nfv_status {
    cCall { () throws(VitalsError) in
        let session = try sessions.object(session)
        guard let outEnabled else { throw .invalidArgument("out_enabled must not be NULL") }
        outEnabled.pointee = session.autoStart ? 1 : 0
    }
}

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_session_stop")
#endif
public func nfv_session_stop(_ session: OpaquePointer?) -> nfv_status {
    cCall { () throws(VitalsError) in try sessions.object(session).stop() }
}

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_session_state")
#endif
public func nfv_session_state(_ session: OpaquePointer?,
                              _ outJson: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> nfv_status {
    cCall { () throws(VitalsError) in
        let session = try sessions.object(session)
        let output = try Arguments.stringOutput(outJson, "out_json")
        output.pointee = try newCString(session.state.jsonValue.serialized())
    }
}

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_session_submit_frame")
#endif
public func nfv_session_submit_frame(_ session: OpaquePointer?, _ pixels: UnsafeRawPointer?, _ size: Int,
                                     _ format: nfv_pixel_format, _ width: CInt, _ height: CInt, _ stride: CInt,
                                     _ timestampUs: Int64) -> nfv_status {
    cFeed(session) { (host) throws(VitalsError) in
        try host.requireRunning()
        guard let pixels else { throw .invalidArgument("pixels must not be NULL") }
        guard size >= 0 else { throw .invalidArgument("size is negative (\(size)); the frame was ignored") }
        let layout = try FrameArguments.layout(format: format.rawValue, width: width, height: height, stride: stride)
        try host.submit(frame: UnsafeRawBufferPointer(start: pixels, count: size), layout: layout,
                        timestampMicroseconds: timestampUs)
    }
}

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_session_submit_means")
#endif
public func nfv_session_submit_means(_ session: OpaquePointer?, _ timestampUs: Int64, _ red: Double,
                                     _ green: Double, _ blue: Double, _ saturatedFraction: Double) -> nfv_status {
    cFeed(session) { (host) throws(VitalsError) in
        try host.submit(means: timestampUs, red: red, green: green, blue: blue, saturatedFraction: saturatedFraction)
    }
}

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_session_submit_motion")
#endif
public func nfv_session_submit_motion(_ session: OpaquePointer?, _ timestampUs: Int64, _ x: Double, _ y: Double,
                                      _ z: Double) -> nfv_status {
    cFeed(session) { (handle) throws(VitalsError) in
        try handle.feedMotion { (source) throws(VitalsError) in
            try source.submit(motion: timestampUs, x: x, y: y, z: z)
        }
    }
}

/// Runs a submit call on the handle's host-frames source: its status, or `NFV_DONE` (with the reason as the last
/// error message) once the session has ended.
private func cFeed(_ handle: OpaquePointer?, _ submit: (HostFrameSource) throws(VitalsError) -> Void) -> nfv_status {
    cFeed(handle) { (handle) throws(VitalsError) in try handle.feed(submit) }
}

/// Runs `feed` on the handle: its status, or `NFV_DONE` (with the reason as the last error message) once the session
/// has ended.
private func cFeed(_ handle: OpaquePointer?,
                   _ feed: (SessionLifecycle) throws(VitalsError) -> SessionLifecycle.Feeding) -> nfv_status {
    var feeding = SessionLifecycle.Feeding.accepted
    let status = cCall { () throws(VitalsError) in feeding = try feed(sessions.object(handle)) }
    guard status == NFV_OK, case .over(let reason) = feeding else { return status }
    LastError.current.recordDone(reason)
    return NFV_DONE
}

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_session_use_replay")
#endif
public func nfv_session_use_replay(_ session: OpaquePointer?, _ path: UnsafePointer<CChar>?,
                                   _ realTime: CInt) -> nfv_status {
    cCall { () throws(VitalsError) in
        let session = try sessions.object(session)
        let path = try Arguments.string(path, "path")
        try session.chooseSource { _ throws(VitalsError) in try ReplaySource(path: path, realTime: realTime != 0) }
    }
}

/// See include/neurofit_vitals.h.
#if compiler(>=6.3)
@c @implementation
#else
@_cdecl("nfv_session_record")
#endif
public func nfv_session_record(_ session: OpaquePointer?, _ path: UnsafePointer<CChar>?) -> nfv_status {
    cCall { () throws(VitalsError) in
        let path = try Arguments.string(path, "path")
        try sessions.object(session).configure { $0.recordingPath = path }
    }
}
