import Glibc
import NeurofitVitals

/// Reads the small text attributes of one sysfs directory.
struct SysfsAttributes {
    let directory: String

    /// Whether `attribute` exists.
    func exists(_ attribute: String) -> Bool {
        access(directory + "/" + attribute, F_OK) == 0
    }

    /// The attribute's text without surrounding whitespace; nil when it cannot be read.
    func text(_ attribute: String) -> String? {
        let fd = open(directory + "/" + attribute, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = read(fd, &bytes, bytes.count)
        guard count >= 0 else { return nil }
        return String(decoding: bytes[..<count], as: UTF8.self).trimmingWhitespace()
    }

    /// The number in the first of `attributes` that exists; nil when none does.
    /// - Throws: `IIOAccelerometerError` when it holds something that is not a finite number.
    func number(_ attributes: [String]) throws(IIOAccelerometerError) -> Double? {
        guard let attribute = attributes.first(where: exists) else { return nil }
        guard let text = text(attribute), let value = Double(text), value.isFinite else {
            throw IIOAccelerometerError(directory, "\(attribute) is not a number: '\(text(attribute) ?? "")'")
        }
        return value
    }
}
