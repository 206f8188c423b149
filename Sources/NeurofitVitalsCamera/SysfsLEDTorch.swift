import NeurofitVitals
import Glibc

/// A torch behind an LED class device: its intensity (`max_brightness`, or 1, until the tuner dims
/// it) to its `brightness` file for on, 0 for off. The brightness persists after the process dies, hence the exit
/// hook and the guardian.
final class SysfsLEDTorch: TorchControl {
    let location: String
    private(set) var isOn = false
    let intensityRange: ClosedRange<Int>?
    private(set) var intensity: Int

    /// The LED whose `brightness` file is `path`.
    init(path: String) {
        location = path
        let directory = path.hasSuffix("/brightness") ? String(path.dropLast("/brightness".count)) : path
        let maximum = max(1, SysfsAttributes(directory: directory).text("max_brightness").flatMap { Int($0) } ?? 1)
        intensityRange = maximum > 1 ? 1...maximum : nil
        intensity = maximum
    }

    deinit {
        if isOn { try? set(on: false) }
    }

    func set(on: Bool) throws(CaptureError) {
        try writeBrightness(on ? intensity : 0)
        isOn = on
        TorchExitSwitch.track(TorchDevice(kind: .sysfsLED, path: location), on: on)
    }

    func setIntensity(_ value: Int) throws(CaptureError) {
        guard let range = intensityRange else { return }
        intensity = min(max(value, range.lowerBound), range.upperBound)
        if isOn { try writeBrightness(intensity) }
    }

    private func writeBrightness(_ brightness: Int) throws(CaptureError) {
        let text = "\(brightness)\n"
        let fd = open(location, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard fd >= 0 else { throw CaptureError("open", device: location, code: errno) }
        defer { close(fd) }
        let written = text.withCString { write(fd, $0, strlen($0)) }
        guard written == text.utf8.count else {
            throw CaptureError("write(brightness)", device: location, code: errno)
        }
    }
}
