import Glibc
import PpgCore
@testable import NeurofitVitals
import Synchronization
import Testing

/// Regression tests for a slowdown the frame-submission fuzzer exposed: a closure kept in a `Mutex` as a tuple
/// element or a bare optional gained two reabstraction thunks on every `withLock`, so every host frame (and every
/// log line) was delivered through a longer call chain than the one before — quadratic time, then a stack overflow.
/// The depth is the number of frames on the stack inside the delivered callback (glibc's `backtrace`, found with
/// `dlsym`; a local's address would not do under AddressSanitizer, whose fake stack moves locals to the heap).
@Suite(.serialized) struct CallbackDepthTests {
    /// Stack depths seen inside a callback, from the test's own thread only.
    private final class StackProbe: @unchecked Sendable {
        private typealias Backtrace = @convention(c) (UnsafeMutablePointer<UnsafeMutableRawPointer?>?, CInt) -> CInt
        private static let backtrace = unsafeBitCast(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "backtrace"),
                                                     to: Backtrace.self)
        /// Most frames counted; a chain growing by two frames a call passes it long before 3000 calls.
        private static let limit = 2_048
        private let depths = Mutex<[Int]>([])
        private let thread = pthread_self()

        func record() {
            guard pthread_equal(pthread_self(), thread) != 0 else { return }
            var frames = [UnsafeMutableRawPointer?](repeating: nil, count: Self.limit)
            let depth = Int(Self.backtrace(&frames, CInt(Self.limit)))
            depths.withLock { $0.append(depth) }
        }

        /// Frames between the shallowest and the deepest call.
        var drift: Int {
            depths.withLock { ($0.max() ?? 0) - ($0.min() ?? 0) }
        }

        var count: Int { depths.withLock { $0.count } }
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
        #expect(probe.drift == 0, "the callback ran \(probe.drift) frames deeper after 6000 deliveries")
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
        #expect(probe.drift == 0, "the sink ran \(probe.drift) frames deeper after 3000 lines")
    }
}
