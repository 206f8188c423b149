import NeurofitVitals
import PpgCore

/// What one wait for a frame gave (the capture loop's event table).
public enum CaptureEvent: Sendable, Equatable {
    /// A frame, reduced to channel means, with its timestamp (s, `CLOCK_MONOTONIC`).
    case frame(FrameSample)
    /// Nothing within the time-out (or a retryable `EAGAIN`/`EINTR`, or an error buffer that was requeued).
    case idle
    /// The camera was unplugged or taken away (`ENODEV`, `POLLHUP`, `EBUSY`).
    case lost(CaptureError)
    /// An I/O error the stream may survive after a restart (`EIO`: vb2 queue error, decode errors).
    case ioError(CaptureError)
}
