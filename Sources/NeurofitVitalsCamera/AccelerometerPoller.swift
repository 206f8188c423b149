import NeurofitVitals
import PpgCore
import Synchronization

/// Polls an IIO accelerometer on a thread of its own for a camera source: about 50 times a second (or at the
/// device's own `sampling_frequency` when that is lower), each reading converted to m/s² and stamped on the clock
/// of the camera's frames (`CLOCK_MONOTONIC`, which V4L2 drivers stamp buffers with), handed on as a motion sample.
/// A reading that fails is skipped; after a second of failures in a row the poller gives up (noted in the log).
final class AccelerometerPoller: Sendable {
    /// The polling rate when the device does not sample more slowly (Hz).
    static let rate = 50.0
    /// Failed readings in a row after which polling stops.
    static let failuresToGiveUp = 50

    /// The device polled.
    let accelerometer: IIOAccelerometer
    private let clock: any CaptureClock
    private let stopping = Atomic<Bool>(false)
    /// No polling thread runs (none started yet, or it ended).
    private let finished = ForkSafeMutex<Bool>(true)
    private let done = ConditionLock()

    /// A poller of `accelerometer` stamping samples with `clock`.
    init(accelerometer: IIOAccelerometer, clock: any CaptureClock = MonotonicClock()) {
        self.accelerometer = accelerometer
        self.clock = clock
    }

    /// Whether the polling thread runs (started, not yet stopped or given up).
    var isPolling: Bool { !finished.withLock { $0 } }

    /// The interval between two readings (s).
    var interval: Double {
        1 / min(Self.rate, accelerometer.samplingFrequency ?? Self.rate)
    }

    /// Starts polling; `deliver` gets each sample on the poller's thread until `stop` returns.
    /// - Throws: `internalError` when the system refuses a thread.
    func start(delivering deliver: @escaping @Sendable (MotionSample) -> Void) throws(VitalsError) {
        finished.withLock { $0 = false }
        do {
            try DetachedThread.start(name: "nfv-accelerometer") { [self] in
                poll(deliver)
                markFinished()
            }
        } catch {
            markFinished()
            throw error
        }
    }

    private func markFinished() {
        done.withLock { finished.withLock { $0 = true } }
        done.broadcast()
    }

    /// Asks the thread to stop and waits until it delivers no more (at once when none was started).
    func stop() {
        stopping.store(true, ordering: .releasing)
        done.withLock {
            while !finished.withLock({ $0 }) { done.wait(until: nil) }
        }
    }

    /// Reads until stopped or `failuresToGiveUp` readings in a row failed, keeping to a fixed schedule.
    private func poll(_ deliver: (MotionSample) -> Void) {
        var failures = 0
        var next = clock.now()
        while !stopping.load(ordering: .acquiring) {
            do {
                let axes = try accelerometer.read()
                failures = 0
                deliver(MotionSample(timestamp: clock.now(), x: axes.x, y: axes.y, z: axes.z))
            } catch {
                failures += 1
                if failures == Self.failuresToGiveUp {
                    Log.note("accelerometer: giving up after \(failures) failed readings: \(error.description)")
                    return
                }
            }
            next += interval
            let now = clock.now()
            if next < now { next = now }
            clock.sleep(next - now)
        }
    }
}
