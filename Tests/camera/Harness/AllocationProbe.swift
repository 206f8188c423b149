import Glibc
import NeurofitVitals
import NeurofitVitalsCamera
import Synchronization

/// Counts the capture thread's allocations over `frames` frames of a `CameraSource` (after 60 warm-up frames),
/// with the fake camera's per-thread malloc counter, read inside the delivery callback — which itself only
/// touches atomics. Prints `{"event":"allocations","frames":N,"allocations":A}`.
final class AllocationProbe: Sendable {
    typealias Counter = @convention(c) () -> UInt

    private let counter: Counter
    private let delivered = Atomic<Int>(0)
    private let startCount = Atomic<UInt>(0)
    private let endCount = Atomic<UInt>(0)
    private let first = 60
    private let frames: Int

    private init(counter: Counter, frames: Int) {
        self.counter = counter
        self.frames = frames
    }

    static func run(device: String?, frames: Int) -> Int32 {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "fake_camera_thread_allocations") else {
            emit(["event": .string("allocations"), "error": .string("the fake camera is not preloaded")])
            return 1
        }
        let probe = AllocationProbe(counter: unsafeBitCast(symbol, to: Counter.self), frames: frames)
        do {
            let source = try CameraSource(device: device)
            try source.open { item in probe.observe(item) }
            let clock = MonotonicClock()
            let deadline = clock.now() + 30
            while probe.delivered.load(ordering: .acquiring) < probe.first + frames && clock.now() < deadline {
                clock.sleep(0.1)
            }
            source.close()
        } catch {
            emit(["event": .string("allocations"), "error": .string(error.message)])
            return 1
        }
        let end = probe.endCount.load(ordering: .acquiring)
        let start = probe.startCount.load(ordering: .acquiring)
        emit(["event": .string("allocations"), "frames": .number(Double(frames)),
              "allocations": .number(end >= start ? Double(end - start) : -1)])
        return 0
    }

    private func observe(_ item: SourceItem) {
        guard case .frame = item else { return }
        let index = delivered.add(1, ordering: .acquiringAndReleasing).newValue
        if index == first {
            startCount.store(counter(), ordering: .releasing)
        } else if index == first + frames {
            endCount.store(counter(), ordering: .releasing)
        }
    }
}
