import NeurofitVitals
import CV4L2
import Glibc

/// The process that switches the torch off when this one dies, SIGKILL included (the last layer of the torch
/// guarantee): forked before the camera opens, blocked on a pipe whose only writer is this process. `release` (or
/// this process's death) closes the pipe; the guardian then switches the torch off and exits.
final class TorchGuardian {
    private var writeEnd: Int32

    /// Starts a guardian for `torch`.
    init(torch: TorchDevice) throws(CaptureError) {
        var fd: Int32 = -1
        guard cv4l2_start_torch_guardian(torch.path, torch.guardianKind, &fd) == 0 else {
            throw CaptureError("fork(torch guardian)", device: torch.path, code: errno)
        }
        writeEnd = fd
    }

    deinit {
        release()
    }

    /// Lets the guardian switch the torch off and exit. Idempotent.
    func release() {
        guard writeEnd >= 0 else { return }
        close(writeEnd)
        writeEnd = -1
    }
}
