import Glibc
import NeurofitVitals
import PpgCore

/// Shows a reading's events to a person: guidance as the NEUROFIT app's words (reference 003), a progress bar,
/// the live heart rate with a pulse mark on each beat, and a summary of the result.
struct ReadingConsole {
    /// Whether standard output is a terminal (redraw one status line) or a pipe/file (one line per update).
    private let interactive = isatty(STDOUT_FILENO) != 0
    private var pulseOn = false
    private var lastPreview: [String: JSONValue] = [:]
    private var lastGuidance: String?

    /// The copy of reference 003 for each guidance value.
    static let guidanceCopy = [
        "noContact": "With a warm fingertip, cover the back camera. Slowly adjust finger pressure until you see "
            + "your pulse in the red glow.",
        "frameDrop": "Optimizing camera resolution and frame rate for reading quality...",
        "weakSignal": "Slowly adjust your finger pressure until you can see your pulse in the red glow.",
        "lowQuality": "Slowly adjust your finger pressure until you can see your pulse in the red glow.",
        "compliant": "Starting your reading - hold still and keep the same finger pressure...",
    ]
    static let measuringCopy = "Measuring your Vitals - keep the same finger pressure, sit still, and relax for a minute..."
    static let retryCopy = "To ensure accurate results, NEUROFIT needs higher quality signal from your device. "
        + "Please retry your reading."

    /// Renders one event.
    mutating func show(_ json: String) {
        guard let event = (try? JSONValue(parsing: json))?.objectValue, let type = event["type"]?.stringValue else {
            return
        }
        switch type {
        case "guidance": showGuidance(event)
        case "started": finishLine(); print(Self.measuringCopy)
        case "preview": lastPreview = event; drawStatus()
        case "heartbeat": pulseOn.toggle(); drawStatus()
        case "cancelled": showCancel(event)
        case "reconfiguringCamera": finishLine(); print("Adjusting the camera's frame rate...")
        case "measurementComplete": finishLine(); print("Computing your result...")
        case "completed": finishLine(); showResult(event["result"]?.objectValue ?? [:])
        case "failed": finishLine(); showFailure(event["error"]?.objectValue ?? [:])
        default: break
        }
        fflush(nil)
    }

    private mutating func showGuidance(_ event: [String: JSONValue]) {
        let guidance = event["guidance"]?.stringValue ?? ""
        let progress = event["startProgress"]?.numberValue ?? 0
        let copy = Self.guidanceCopy[guidance] ?? guidance
        if interactive {
            redraw("\(bar(progress, width: 10)) \(copy)")
        } else if guidance != lastGuidance || progress >= 1 {
            print("[\(guidance)] \(copy) (start \(Int(progress * 100))%)")
        }
        lastGuidance = guidance
    }

    private mutating func drawStatus() {
        let progress = lastPreview["progress"]?.numberValue ?? 0
        let elapsed = Int(lastPreview["elapsed"]?.numberValue ?? 0)
        var parts = ["\(bar(progress, width: 30)) \(elapsed)s"]
        if let rate = lastPreview["heartRateBpm"]?.numberValue {
            parts.append("\(pulseOn ? "♥" : "♡") \(Int(rate.rounded())) bpm")
        }
        if let rmssd = lastPreview["rmssdMs"]?.numberValue { parts.append("HRV \(Int(rmssd.rounded())) ms") }
        if let breathing = lastPreview["breathingRateBrpm"]?.numberValue {
            parts.append("breathing \(Int(breathing.rounded()))/min")
        }
        if let level = lastPreview["signalLevel"]?.stringValue { parts.append("signal \(level)") }
        if let risk = lastPreview["abortRisk"]?.stringValue, risk != "none" { parts.append("hold still!") }
        let line = parts.joined(separator: "  ")
        if interactive { redraw(line) } else if !lastPreview.isEmpty, lastPreviewIsNew() { print(line) }
    }

    /// In a pipe, one status line per preview (not per heartbeat).
    private mutating func lastPreviewIsNew() -> Bool {
        defer { printedElapsed = lastPreview["elapsed"]?.numberValue }
        return printedElapsed != lastPreview["elapsed"]?.numberValue
    }

    private var printedElapsed: Double?

    private mutating func showCancel(_ event: [String: JSONValue]) {
        finishLine()
        let reason = event["reason"]?.stringValue ?? ""
        let detail = event["detail"]?.stringValue ?? ""
        let words = [
            "contactLost": "The fingertip left the camera.",
            "poorSignal": "The signal was too poor to finish a reliable reading.",
            "interrupted": "The camera was interrupted.",
            "cancelledByApp": "The reading was cancelled.",
        ][reason] ?? reason
        print("Reading restarted: \(words) (\(detail))")
        lastPreview = [:]
    }

    private func showResult(_ result: [String: JSONValue]) {
        func value(_ key: String, _ unit: String, digits: Int = 0) -> String {
            guard let number = result[key]?.numberValue else { return "withheld" }
            return format(number, digits: digits) + unit
        }
        let quality = ["3": "clean", "2": "usable", "1": "withheld"][
            format(result["quality"]?.numberValue ?? 1, digits: 0)] ?? "?"
        print("""

            Heart rate        \(value("heartRateBpm", " bpm", digits: 1))
            HRV (RMSSD)       \(value("rmssdMs", " ms", digits: 1))
            SDNN              \(value("sdnnMs", " ms", digits: 1))
            Stress index      \(value("baevskyStressIndex", "", digits: 0))
            SD2/SD1           \(value("sd2sd1", "", digits: 2))
            Breathing rate    \(BreathingRateText.describe(result) ?? "withheld")
            Signal quality    \(quality)
            """)
        if quality == "withheld" { print("\n" + Self.retryCopy) }
    }

    private func showFailure(_ error: [String: JSONValue]) {
        let code = error["code"]?.stringValue ?? "error"
        print("The reading failed (\(code)): \(error["message"]?.stringValue ?? "")")
        if code == "noHeartRate" { print(Self.retryCopy) }
    }

    private func redraw(_ line: String) {
        print("\r\u{1B}[K" + line, terminator: "")
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
