import PpgCore

/// Frames the host pushes itself ("custom input"): already reduced to channel means by the caller's
/// thread, checked for monotonic timestamps, then handed to the session.
///
/// Back-pressure: a host can submit faster than the session consumes, so a submission waits while the session's
/// queue is full (`canRunAhead`): memory stays bounded however fast the host pushes.
public final class HostFrameSource: PreviewingSource, HostMotionInput {
    public let info: SourceInfo
    private let state = ForkSafeMutex<State>(State())
    /// The last accepted timestamps. Held while a submission is checked and handed on (waiting for room included),
    /// so concurrent submitters reach the session in timestamp order; `close` never waits for it.
    private let order: ForkSafeMutex<Timestamps>

    /// The source's guarded state. A struct, not a tuple: a closure stored in a `Mutex` as a tuple element (or as a
    /// bare optional) gained two reabstraction thunks on every `withLock` (Swift 6.3.1), so each frame delivered
    /// through a deeper call chain than the last: quadratic time and, after enough frames, a stack overflow.
    private struct State {
        var deliver: (@Sendable (SourceItem) -> Void)?
        var preview: PreviewMailbox?
    }

    /// The last accepted timestamps, microseconds as the host gave them (compared as integers, never as seconds),
    /// and the check of the frames' unit.
    private struct Timestamps {
        var lastFrame: Int64?
        var lastMotion: Int64?
        var intervals: FrameIntervalCheck
    }

    /// A host source whose camera runs at `fpsTier`.
    public init(fpsTier: Int = 30, description: String = "host frames") {
        info = SourceInfo(kind: "hostFrames", fpsTier: fpsTier, deviceModel: description,
                          discardsSettlingSecond: false, canRunAhead: true)
        order = ForkSafeMutex(Timestamps(intervals: FrameIntervalCheck(fpsTier: fpsTier)))
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
        order.withLock { $0.intervals = FrameIntervalCheck(fpsTier: info.fpsTier) }
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
    ///   A timestamp that is not finite or lies beyond ±2^63 µs is refused with `invalidArgument` too.
    public func submit(_ sample: FrameSample) throws(VitalsError) {
        try submit(sample, microseconds: Self.microseconds(sample.timestamp))
    }

    /// Hands an accelerometer sample to the session (timestamps must increase too).
    public func submit(_ sample: MotionSample) throws(VitalsError) {
        try submit(sample, microseconds: Self.microseconds(sample.timestamp))
    }

    /// Hands a frame stamped `microseconds` on the host's clock (its `timestamp` is the same time in seconds).
    func submit(_ sample: FrameSample, microseconds: Int64) throws(VitalsError) {
        try hand(.frame(sample), at: microseconds, after: \.lastFrame, what: ("Frame", "frame"))
    }

    /// Hands a motion sample stamped `microseconds` on the host's clock.
    func submit(_ sample: MotionSample, microseconds: Int64) throws(VitalsError) {
        try hand(.motion(sample), at: microseconds, after: \.lastMotion, what: ("Motion", "sample"))
    }

    /// Delivers `item` when `timestamp` (µs) comes after the last one of its kind (kept at `last`), and records it.
    /// Frames' intervals are checked for a wrong unit (`FrameIntervalCheck`). The delivery may wait for room in the
    /// session's queue; the source's state is not locked meanwhile.
    private func hand(_ item: SourceItem, at timestamp: Int64, after last: WritableKeyPath<Timestamps, Int64?>,
                      what names: (kind: String, item: String)) throws(VitalsError) {
        try order.withLock { (timestamps) throws(VitalsError) in
            guard let deliver = state.withLock({ $0.deliver }) else { throw Self.notRunning }
            try Self.checkIncreasing(timestamp, after: timestamps[keyPath: last], what: names)
            if case .frame = item { try timestamps.intervals.check(timestamp) }
            timestamps[keyPath: last] = timestamp
            deliver(item)
        }
    }

    /// Refuses an item stamped `timestamp` (µs) unless it comes after `previous`.
    /// - Throws: `invalidArgument` naming both times exactly and what was ignored.
    static func checkIncreasing(_ timestamp: Int64, after previous: Int64?,
                                what names: (kind: String, item: String)) throws(VitalsError) {
        guard let previous, timestamp <= previous else { return }
        throw .invalidArgument("\(names.kind) timestamps must increase: \(timestamp) µs "
            + "does not come after \(previous) µs; the \(names.item) was ignored")
    }

    /// Why a frame is refused while the source is closed: before start, after a cancel to idle, after the end.
    public static let notRunning = VitalsError.misuse("The session is not running: call start first")

    /// Refuses a submission while the source is closed, before its arguments are looked at: a call in the wrong
    /// order is `misuse` whatever it carries.
    /// - Throws: `notRunning`.
    public func requireRunning() throws(VitalsError) {
        guard state.withLock({ $0.deliver != nil }) else { throw Self.notRunning }
    }

    /// `seconds` as whole microseconds.
    /// - Throws: `invalidArgument` when it is not finite or does not fit an `Int64` of microseconds.
    static func microseconds(_ seconds: Double) throws(VitalsError) -> Int64 {
        guard let microseconds = Int64(exactly: (seconds * 1e6).rounded()) else {
            throw .invalidArgument("Timestamp \(seconds) s is not a finite time within ±2^63 µs; it was ignored")
        }
        return microseconds
    }
}

extension HostFrameSource {
    private static let reducer = FrameReducer()

    /// Reduces a host frame in place (no copy) and hands it to the session; once it is accepted, offers it as a
    /// preview when a preview mailbox is attached.
    /// - Throws: `invalidArgument` naming a bad size, stride or timestamp; `notRunning` when not running.
    public func submit(frame pixels: UnsafeRawBufferPointer, layout: FrameLayout,
                       timestampMicroseconds: Int64) throws(VitalsError) {
        try requireRunning()
        let means: ChannelMeans
        do {
            means = try Self.reducer.reduce(pixels, layout: layout)
        } catch {
            throw .invalidArgument("The frame was ignored: \(error.description)")
        }
        try submit(means.frameSample(timestamp: Double(timestampMicroseconds) / 1e6),
                   microseconds: timestampMicroseconds)
        preview?.offer(at: timestampMicroseconds) {
            PreviewScaler.preview(of: pixels, layout: layout, timestampMicroseconds: timestampMicroseconds)
        }
    }

    /// Hands already-reduced channel means to the session (`saturatedFraction` < 0: unknown).
    public func submit(means timestampMicroseconds: Int64, red: Double, green: Double, blue: Double,
                       saturatedFraction: Double) throws(VitalsError) {
        try requireRunning()
        for (name, value) in [("red", red), ("green", green), ("blue", blue)] where !(0...255).contains(value) {
            throw .invalidArgument("\(name) must be a mean in 0...255 (got \(value)); the frame was ignored")
        }
        guard saturatedFraction.isFinite, saturatedFraction <= 1 else {
            throw .invalidArgument("saturated_fraction must be in 0...1, or negative for unknown")
        }
        try submit(FrameSample(timestamp: Double(timestampMicroseconds) / 1e6, red: red, green: green, blue: blue,
                               saturatedFraction: saturatedFraction < 0 ? nil : saturatedFraction),
                   microseconds: timestampMicroseconds)
    }

    /// Hands an accelerometer sample (m/s²) to the session.
    public func submit(motion timestampMicroseconds: Int64, x: Double, y: Double, z: Double) throws(VitalsError) {
        try requireRunning()
        try submit(MotionSample.fromHost(timestampMicroseconds: timestampMicroseconds, x: x, y: y, z: z),
                   microseconds: timestampMicroseconds)
    }
}
