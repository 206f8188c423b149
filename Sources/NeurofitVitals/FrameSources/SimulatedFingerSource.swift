import Glibc
import PpgCore

/// The simulated finger: the engine's synthetic PPG generator as a source, for hosts that develop
/// without a camera, for demos and for tests. Paced at recorded speed, or as fast as the session consumes. With a
/// preview mailbox attached it also paints small fingertip pictures in each frame's mean colour.
public final class SimulatedFingerSource: PreviewingSource {
    public let info: SourceInfo
    private let configuration: SyntheticConfiguration
    private let realTime: Bool
    private let running = ForkSafeMutex<RunToken?>(nil)
    private let preview = ForkSafeMutex<PreviewMailbox?>(nil)

    /// A simulated finger from a synthetic configuration; `realTime` paces frames at their timestamps.
    public init(configuration: SyntheticConfiguration, realTime: Bool) {
        self.configuration = configuration
        self.realTime = realTime
        var info = SourceInfo(kind: "simulated", fpsTier: Int(configuration.camera.framesPerSecond.rounded()),
                              deviceModel: "simulated finger (seed \(configuration.seed))", requiresLicense: false,
                              discardsSettlingSecond: true, canRunAhead: !realTime)
        info.motionOrigin = "simulated"
        self.info = info
    }

    public func open(delivering deliver: @escaping @Sendable (SourceItem) -> Void) throws(VitalsError) {
        let token = RunToken.replacing(in: running)
        let configuration = configuration
        let realTime = realTime
        try DetachedThread.start(name: "nfv-simulator") { [self] in
            let painter = FingertipPicture()
            var stream = SyntheticPpgStream(configuration: configuration)
            var pacer = realTime ? RealTimePacer() : nil
            while !token.isStopped, let sample = stream.next() {
                pacer?.wait(until: sample.timestamp)
                guard !token.isStopped else { break }
                switch sample {
                case .frame(let frame):
                    deliver(.frame(frame))
                    offerPreview(of: frame, painter: painter)
                case .motion(let motion): deliver(.motion(motion))
                }
            }
        }
    }

    public func close() {
        RunToken.stop(in: running)
    }

    public func attachPreview(_ mailbox: PreviewMailbox?) {
        preview.withLock { $0 = mailbox }
    }

    /// Offers a picture of `frame` to the attached mailbox, if any (painted only when its rate limit admits it).
    private func offerPreview(of frame: FrameSample, painter: FingertipPicture) {
        guard let mailbox = preview.withLock({ $0 }) else { return }
        mailbox.offer(at: Int64((frame.timestamp * 1e6).rounded())) { painter.picture(of: frame) }
    }
}

/// Sleeps so that sample time advances with the monotonic clock (sample time 0 = the first call).
struct RealTimePacer {
    private let origin: Double
    private var firstSample: Double?

    init() {
        origin = Self.now()
    }

    /// Waits until `sampleTime` (relative to the first sample seen) has come on the wall clock.
    mutating func wait(until sampleTime: Double) {
        if firstSample == nil { firstSample = sampleTime }
        let delay = (sampleTime - firstSample!) - (Self.now() - origin)
        if delay > 0 { usleep(UInt32(min(delay, 1) * 1e6)) }
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
