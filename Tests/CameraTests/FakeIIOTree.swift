import Glibc

/// A fake `/sys/bus/iio/devices` in a fresh directory under /tmp: devices are directories of small text files.
/// Removed (with everything in it) when the tree is released.
final class FakeIIOTree {
    /// The tree's root (what `NFV_IIO_ROOT` or `CameraEnvironment.accelerometerRoot` points at).
    let root: String

    init() {
        var template = Array("/tmp/nfv-iio-XXXXXX".utf8CString)
        root = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    deinit {
        _ = system("rm -rf '\(root)'")
    }

    /// Creates `iio:device<number>` with `files` (attribute name → content, written with a trailing newline);
    /// returns its directory.
    @discardableResult
    func device(_ number: Int, _ files: [String: String]) -> String {
        let directory = root + "/iio:device\(number)"
        mkdir(directory, 0o755)
        for (name, content) in files { write(directory + "/" + name, content) }
        return directory
    }

    /// An accelerometer with a shared scale and the given raw values.
    @discardableResult
    func accelerometer(_ number: Int, name: String = "fake-accel", raw: (Int, Int, Int) = (0, 0, 1000),
                       scale: String = "0.009806650") -> String {
        device(number, ["name": name, "in_accel_x_raw": "\(raw.0)", "in_accel_y_raw": "\(raw.1)",
                        "in_accel_z_raw": "\(raw.2)", "in_accel_scale": scale])
    }

    /// Replaces the content of `path`.
    func write(_ path: String, _ content: String) {
        let file = fopen(path, "w")!
        fputs(content + "\n", file)
        fclose(file)
    }
}
