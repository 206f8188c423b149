import Glibc
import NeurofitVitals
import PpgCore

/// Shows a reading's events to a person: guidance as the NEUROFIT app's words, a progress bar,
/// the live heart rate with a pulse mark on each beat, and a summary of the result. In a colour terminal the live
/// line starts with the red-glow swatch.
struct ReadingConsole {
    /// Whether standard output is a terminal (redraw one status line) or a pipe/file (one line per update).
    private let interactive = isatty(STDOUT_FILENO) != 0
    /// The preview's colour, drawn at the start of the live line (nil: none).
    private let swatch: GlowSwatch?
    private var pulseOn = false
    private var lastPreview: LivePreview?
    private var lastGuidance: Guidance?

    /// The app's words for each guidance value.
    static let guidanceCopy: [Guidance: String] = [
        .noContact: "With a warm fingertip, cover the back camera. Slowly adjust finger pressure until you see "
            + "your pulse in the red glow.",
        .frameDrop: "Optimizing camera resolution and frame rate for reading quality...",
        .weakSignal: "Slowly adjust your finger pressure until you can see your pulse in the red glow.",
        .lowQuality: "Slowly adjust your finger pressure until you can see your pulse in the red glow.",
        .compliant: "Starting your reading - hold still and keep the same finger pressure...",
    ]
    static let measuringCopy = "Measuring your Vitals - keep the same finger pressure, sit still, and relax for a minute..."
    static let retryCopy = "To ensure accurate results, NEUROFIT needs higher quality signal from your device. "
        + "Please retry your reading."

    /// A console drawing `swatch` (only on a terminal's live line) when given.
    init(swatch: GlowSwatch? = nil) {
        self.swatch = swatch
    }

    /// Renders one event.
    mutating func show(_ event: SessionEvent) {
        switch event {
        case .guidance(let guidance, let progress): showGuidance(guidance, progress: progress)
        case .started: finishLine(); print(Self.measuringCopy)
        case .preview(let preview): lastPreview = preview; drawStatus()
        case .heartbeat: pulseOn.toggle(); drawStatus()
        case .cancelled(let reason, _): showCancel(reason)
        case .reconfiguringCamera: finishLine(); print("Adjusting the camera's frame rate...")
        case .measurementComplete: finishLine(); print("Computing your result...")
        case .completed(let result): finishLine(); showResult(result)
        case .failed(let error): finishLine(); showFailure(error)
        case .state, .recoverableError, .recordingError: break
        }
        fflush(nil)
    }

    private mutating func showGuidance(_ guidance: Guidance, progress: Double) {
        let copy = Self.guidanceCopy[guidance] ?? guidance.rawValue
        if interactive {
            redraw("\(bar(progress, width: 10)) \(copy)")
        } else if guidance != lastGuidance || progress >= 1 {
            print("[\(guidance.rawValue)] \(copy) (start \(Int(progress * 100))%)")
        }
        lastGuidance = guidance
    }

    private mutating func drawStatus() {
        let progress = lastPreview?.progress ?? 0
        let elapsed = Int(lastPreview?.elapsed ?? 0)
        var parts = ["\(bar(progress, width: 30)) \(elapsed)s"]
        // Live figures are provisional (the result is computed from the whole reading): marked "live" and "≈".
        if let rate = lastPreview?.heartRateBpm {
            parts.append("live \(pulseOn ? "♥" : "♡") \(Int(rate.rounded())) bpm")
        }
        if let rmssd = lastPreview?.rmssdMs { parts.append("HRV ≈\(Int(rmssd.rounded())) ms") }
        if let breathing = lastPreview?.breathingRateBrpm {
            parts.append("breathing ≈\(Int(breathing.rounded()))/min")
        }
        if let level = lastPreview?.signalLevel { parts.append("signal \(level.rawValue)") }
        if let risk = lastPreview?.abortRisk, risk != .none { parts.append("hold still!") }
        let line = parts.joined(separator: "  ")
        if interactive { redraw(line) } else if lastPreview != nil, lastPreviewIsNew() { print(line) }
    }

    /// In a pipe, one status line per preview (not per heartbeat).
    private mutating func lastPreviewIsNew() -> Bool {
        defer { printedElapsed = lastPreview?.elapsed }
        return printedElapsed != lastPreview?.elapsed
    }

    private var printedElapsed: Double?

    private mutating func showCancel(_ reason: CancelReason) {
        finishLine()
        let words = switch reason.kind {
        case .contactLost: "The fingertip left the camera."
        case .poorSignal: "The signal was too poor to finish a reliable reading."
        case .interrupted: "The camera was interrupted."
        case .cancelledByApp: "The reading was cancelled."
        }
        print("Reading restarted: \(words) (\(reason.detail))")
        lastPreview = nil
    }

    private func showResult(_ result: ReadingResult) {
        let members = result.jsonValue.objectValue ?? [:]
        let rows = ResultMetric.all.map { $0.label.padding(to: 22) + $0.text(in: members) }
            + ["Signal quality".padding(to: 22) + "\(result.quality)"]
        print("\nThe reading (the live figures above were provisional):\n" + rows.joined(separator: "\n"))
        if result.quality == .withheld { print("\n" + Self.retryCopy) }
    }

    private func showFailure(_ error: VitalsError) {
        print("The reading failed (\(error.code.rawValue)): \(error.message)")
        if error.code == .noHeartRate { print(Self.retryCopy) }
    }

    private func redraw(_ line: String) {
        print("\r\u{1B}[K" + (swatch?.text ?? "") + line, terminator: "")
    }

    private func finishLine() {
        if interactive { print("") }
    }

    private func bar(_ fraction: Double, width: Int) -> String {
        let filled = max(0, min(width, Int((fraction * Double(width)).rounded())))
        return "[" + String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled) + "]"
    }
}

/// `value` with `digits` decimals.
func format(_ value: Double, digits: Int) -> String {
    guard digits > 0 else { return String(Int(value.rounded())) }
    let scale = pow(10, Double(digits))
    let scaled = Int((value * scale).rounded())
    let sign = scaled < 0 ? "-" : ""
    let magnitude = abs(scaled)
    let fraction = String(magnitude % Int(scale))
    return sign + String(magnitude / Int(scale)) + "." + String(repeating: "0", count: digits - fraction.count) + fraction
}
