import Glibc
import PpgCore
@testable import NeurofitVitals
import Synchronization
import Testing

/// Regression tests for a slowdown the frame-submission fuzzer exposed: a closure kept in a `Mutex` as a tuple
/// element or a bare optional gained two reabstraction thunks on every `withLock`, so every host frame (and every
/// log line) was delivered through a longer call chain than the one before — quadratic time, then a stack overflow.
/// The depth is measured as the stack address of a local inside the delivered callback: it must not drift.
@Suite(.serialized) struct HardeningCallbackDepthTests {
    /// Stack addresses seen inside a callback, from the test's own thread only.
    private final class StackProbe: @unchecked Sendable {
        private let addresses = Mutex<[UInt]>([])
        private let thread = pthread_self()

        func record() {
            guard pthread_equal(pthread_self(), thread) != 0 else { return }
            var marker = 0
            let address = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
            addresses.withLock { $0.append(address) }
        }

        /// Bytes between the shallowest and the deepest call.
        var drift: UInt {
            addresses.withLock { ($0.max() ?? 0) - ($0.min() ?? 0) }
        }

        var count: Int { addresses.withLock { $0.count } }
    }

    @Test func hostFramesAreDeliveredAtTheSameDepthEveryTime() throws {
        let probe = StackProbe()
        let source = HostFrameSource(fpsTier: 30)
        try source.open { _ in probe.record() }
        for index in 0..<3_000 {
            try source.submit(FrameSample(timestamp: Double(index) / 30, red: 120, green: 40, blue: 30))
            try source.submit(MotionSample(timestamp: Double(index) / 30, x: 0, y: 0, z: 9.8))
        }
        source.close()
        #expect(probe.count == 6_000)
        #expect(probe.drift < 1_024, "the callback ran \(probe.drift) bytes deeper after 6000 deliveries")
    }

    @Test func logLinesReachTheSinkAtTheSameDepthEveryTime() {
        let probe = StackProbe()
        Log.setSink { _ in probe.record() }
        Log.setEnabled(true)
        defer {
            Log.setEnabled(false)
            Log.setSink(nil)
        }
        for index in 0..<3_000 { Log.note("line \(index)") }
        #expect(probe.count == 3_000)
        #expect(probe.drift < 1_024, "the sink ran \(probe.drift) bytes deeper after 3000 lines")
    }
}
