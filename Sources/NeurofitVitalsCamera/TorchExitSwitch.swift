import NeurofitVitals
import Glibc
import Synchronization

/// The `atexit` layer of the torch guarantee (the first layer: never on after `exit()`): every
/// torch switched on is tracked, and a process exit switches the ones still on off.
enum TorchExitSwitch {
    private static let lit = ForkSafeMutex<[TorchDevice]>([])
    private static let registered = Atomic<Bool>(false)

    /// Records that `torch` is now on or off; registers the exit hook on first use.
    static func track(_ torch: TorchDevice, on: Bool) {
        if on, !registered.exchange(true, ordering: .acquiringAndReleasing) {
            atexit { TorchExitSwitch.switchAllOff() }
        }
        lit.withLock { torches in
            torches.removeAll { $0 == torch }
            if on { torches.append(torch) }
        }
    }

    private static func switchAllOff() {
        let torches = lit.withLock { torches in
            defer { torches.removeAll() }
            return torches
        }
        for torch in torches { torch.switchOff() }
    }
}
