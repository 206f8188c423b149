import PpgCore
import Synchronization

/// Frames the host pushes itself ("custom input"): already reduced to channel means by the caller's
/// thread, checked for monotonic timestamps, then handed to the session.
public final class HostFrameSource: PreviewingSource, HostMotionInput {
    public let info: SourceInfo
    private let state = Mutex<State>(State())

    /// The source's guarded state. A struct, not a tuple: a closure stored in a `Mutex` as a tuple element (or as a
    /// bare optional) gained two reabstraction thunks on every `withLock` (Swift 6.3.1), so each frame delivered
    /// through a deeper call chain than the last: quadratic time and, after enough frames, a stack overflow.
    private struct State {
        var deliver: (@Sendable (SourceItem) -> Void)?
        var lastFrame: Double?
        var lastMotion: Double?
        var preview: PreviewMailbox?
    }

    /// A host source whose camera runs at `fpsTier`.
    public init(fpsTier: Int = 30, description: String = "host frames") {
        info = SourceInfo(kind: "hostFrames", fpsTier: fpsTier, deviceModel: description,
                          discardsSettlingSecond: false)
    }

    /// A host source at the tier a host asked for.
    /// - Throws: `invalidArgument` unless `fpsTier` is in `VitalsConfiguration.fpsTierRange`.
    public static func checked(fpsTier: Int) throws(VitalsError) -> HostFrameSource {
        guard VitalsConfiguration.fpsTierRange.contains(fpsTier) else {
            throw .invalidArgument("fps_tier must be in \(VitalsConfiguration.fpsTierRange) (got \(fpsTier))")
        }
        return HostFrameSource(fpsTier: fpsTier)
    }

    public func open(delivering deliver: @escaping @Sendable (SourceItem) -> Void) throws(VitalsError) {
        state.withLock { $0.deliver = deliver }
    }

    public func close() {
        state.withLock { $0.deliver = nil }
    }

    public func attachPreview(_ mailbox: PreviewMailbox?) {
        state.withLock { $0.preview = mailbox }
    }

    /// The mailbox previews go to, if any.
    var preview: PreviewMailbox? { state.withLock { $0.preview } }

    /// Hands a frame to the session.
    /// - Throws: `invalidArgument` when its timestamp does not come after the previous frame's (the frame is not
    ///   used; everything received before stays), or `notRunning` when the session is not running.
    public func submit(_ sample: FrameSample) throws(VitalsError) {
        try hand(.frame(sample), at: sample.timestamp, after: \.lastFrame, what: ("Frame", "frame"))
    }

    /// Hands an accelerometer sample to the session (timestamps must increase too).
    public func submit(_ sample: MotionSample) throws(VitalsError) {
        try hand(.motion(sample), at: sample.timestamp, after: \.lastMotion, what: ("Motion", "sample"))
    }

    /// Delivers `item` when `timestamp` comes after the last one of its kind (kept at `last`), and records it.
    private func hand(_ item: SourceItem, at timestamp: Double, after last: WritableKeyPath<State, Double?>,
                      what names: (kind: String, item: String)) throws(VitalsError) {
        try state.withLock { (current) throws(VitalsError) in
            guard let deliver = current.deliver else { throw Self.notRunning }
            try Self.checkIncreasing(timestamp, after: current[keyPath: last], what: names)
            current[keyPath: last] = timestamp
            deliver(item)
        }
    }

    /// Refuses an item stamped `timestamp` unless it comes after `previous`.
    /// - Throws: `invalidArgument` naming both times and what was ignored.
    static func checkIncreasing(_ timestamp: Double, after previous: Double?,
                                what names: (kind: String, item: String)) throws(VitalsError) {
        guard let previous, timestamp <= previous else { return }
        throw .invalidArgument("\(names.kind) timestamps must increase: \(microseconds(timestamp)) µs "
            + "does not come after \(microseconds(previous)) µs; the \(names.item) was ignored")
    }

    /// Why a frame is refused while the source is closed: before start, after a cancel to idle, after the end.
    public static let notRunning = VitalsError.misuse("The session is not running: call start first")

    private static func microseconds(_ seconds: Double) -> Int64 { Int64((seconds * 1e6).rounded()) }
}

extension HostFrameSource {
    private static let reducer = FrameReducer()

    /// Reduces a host frame in place (no copy) and hands it to the session; once it is accepted, offers it as a
    /// preview when a preview mailbox is attached.
    /// - Throws: `invalidArgument` naming a bad size, stride or timestamp; `notRunning` when not running.
    public func submit(frame pixels: UnsafeRawBufferPointer, layout: FrameLayout,
                       timestampMicroseconds: Int64) throws(VitalsError) {
        let means: ChannelMeans
        do {
            means = try Self.reducer.reduce(pixels, layout: layout)
        } catch {
            throw .invalidArgument("The frame was ignored: \(error.description)")
        }
        try submit(means.frameSample(timestamp: Double(timestampMicroseconds) / 1e6))
        preview?.offer(at: timestampMicroseconds) {
            PreviewScaler.preview(of: pixels, layout: layout, timestampMicroseconds: timestampMicroseconds)
        }
    }

    /// Hands already-reduced channel means to the session (`saturatedFraction` < 0: unknown).
    public func submit(means timestampMicroseconds: Int64, red: Double, green: Double, blue: Double,
                       saturatedFraction: Double) throws(VitalsError) {
        for (name, value) in [("red", red), ("green", green), ("blue", blue)] where !(0...255).contains(value) {
            throw .invalidArgument("\(name) must be a mean in 0...255 (got \(value)); the frame was ignored")
        }
        guard saturatedFraction.isFinite, saturatedFraction <= 1 else {
            throw .invalidArgument("saturated_fraction must be in 0...1, or negative for unknown")
        }
        try submit(FrameSample(timestamp: Double(timestampMicroseconds) / 1e6, red: red, green: green, blue: blue,
                               saturatedFraction: saturatedFraction < 0 ? nil : saturatedFraction))
    }

    /// Hands an accelerometer sample (m/s²) to the session.
    public func submit(motion timestampMicroseconds: Int64, x: Double, y: Double, z: Double) throws(VitalsError) {
        try submit(MotionSample.fromHost(timestampMicroseconds: timestampMicroseconds, x: x, y: y, z: z))
    }
}
