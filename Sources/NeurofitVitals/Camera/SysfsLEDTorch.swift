import Glibc

/// A torch behind an LED class device (CAMERA.md §2.2): `max_brightness` (or 1) to its `brightness` file for on,
/// 0 for off. The brightness persists after the process dies, hence the exit hook and the guardian.
final class SysfsLEDTorch: TorchControl {
    let location: String
    private(set) var isOn = false
    private let onValue: Int

    /// The LED whose `brightness` file is `path`.
    init(path: String) {
        location = path
        let directory = path.hasSuffix("/brightness") ? String(path.dropLast("/brightness".count)) : path
        onValue = Self.readNumber(directory + "/max_brightness") ?? 1
    }

    deinit {
        if isOn { try? set(on: false) }
    }

    func set(on: Bool) throws(CaptureError) {
        let text = "\(on ? onValue : 0)\n"
        let fd = open(location, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard fd >= 0 else { throw CaptureError("open", device: location, code: errno) }
        defer { close(fd) }
        let written = text.withCString { write(fd, $0, strlen($0)) }
        guard written == text.utf8.count else {
            throw CaptureError("write(brightness)", device: location, code: errno)
        }
        isOn = on
        TorchExitSwitch.track(TorchDevice(kind: .sysfsLED, path: location), on: on)
    }

    private static func readNumber(_ path: String) -> Int? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = read(fd, &bytes, bytes.count)
        guard count > 0 else { return nil }
        return Int(String(decoding: bytes[..<count], as: UTF8.self).trimmingWhitespace())
    }
}
