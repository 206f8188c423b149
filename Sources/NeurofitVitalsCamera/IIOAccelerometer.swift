import Glibc
import NeurofitVitals

/// An accelerometer of the Linux Industrial I/O subsystem, read through its sysfs attributes (polled, one value per
/// file): `name`, `in_accel_{x,y,z}_raw`, the scale (`in_accel_scale`, or `in_accel_{x,y,z}_scale` per axis), the
/// optional offset (`in_accel_offset` or per axis) and the optional `sampling_frequency`. An axis in m/s² is
/// `(raw + offset) × scale`, the IIO convention for acceleration channels.
public struct IIOAccelerometer: Sendable, Equatable {
    /// The device's sysfs directory (`<root>/iio:deviceN`).
    public let directory: String
    /// The driver's name for the device (`name`), or the directory's name when it has none.
    public let name: String
    /// m/s² per raw unit, per axis (x, y, z).
    public let scale: [Double]
    /// Raw units added before scaling, per axis (0 where the device has no offset).
    public let offset: [Double]
    /// The device's own sampling rate in Hz (`sampling_frequency`), when it states one.
    public let samplingFrequency: Double?

    /// The axes, in the order the three values of a reading come in.
    static let axes = ["x", "y", "z"]

    /// The source label diagnostics report: `iio:<name>`.
    public var label: String { "iio:" + name }

    /// Reads the device at `directory`.
    /// - Throws: `IIOAccelerometerError` naming the file that is missing or holds a value that is not a number (or
    ///   a scale that is not positive): a device without the three raw acceleration channels is not an accelerometer.
    public init(directory: String) throws(IIOAccelerometerError) {
        self.directory = directory
        let file = SysfsAttributes(directory: directory)
        for axis in Self.axes where !file.exists("in_accel_\(axis)_raw") {
            throw IIOAccelerometerError(directory, "has no in_accel_\(axis)_raw: not an accelerometer")
        }
        let fallbackName = String(directory.split(separator: "/").last ?? "")
        name = file.text("name").flatMap { $0.isEmpty ? nil : $0 } ?? fallbackName
        scale = try Self.axes.map { (axis) throws(IIOAccelerometerError) in
            guard let value = try file.number(["in_accel_\(axis)_scale", "in_accel_scale"]) else {
                throw IIOAccelerometerError(directory, "has no in_accel_scale or in_accel_\(axis)_scale")
            }
            guard value > 0 else { throw IIOAccelerometerError(directory, "has a scale that is not positive: \(value)") }
            return value
        }
        offset = try Self.axes.map { (axis) throws(IIOAccelerometerError) in
            try file.number(["in_accel_\(axis)_offset", "in_accel_offset"]) ?? 0
        }
        samplingFrequency = try file.number(["sampling_frequency", "in_accel_sampling_frequency"]).flatMap {
            $0 > 0 ? $0 : nil
        }
    }

    /// The first accelerometer under `root` (`iio:device0`, `iio:device1`, … in number order); nil when there is
    /// none. Devices that are not accelerometers, or whose attributes are unusable, are skipped (noted in the log).
    public static func find(root: String) -> IIOAccelerometer? {
        let devices = CameraEnvironment.entries(of: root, prefix: "iio:device")
            .sorted { deviceNumber($0) < deviceNumber($1) }
        for device in devices {
            do {
                return try IIOAccelerometer(directory: root + "/" + device)
            } catch {
                if error.isUnusable { Log.note("accelerometer: \(error.description)") }
            }
        }
        return nil
    }

    /// One reading of the three axes in m/s² (gravity included).
    /// - Throws: `IIOAccelerometerError` when a raw value cannot be read or is not an integer.
    public func read() throws(IIOAccelerometerError) -> (x: Double, y: Double, z: Double) {
        let file = SysfsAttributes(directory: directory)
        var values = [0.0, 0.0, 0.0]
        for index in 0..<3 {
            let attribute = "in_accel_\(Self.axes[index])_raw"
            guard let text = file.text(attribute) else {
                throw IIOAccelerometerError(directory, "cannot read \(attribute)")
            }
            guard let raw = Int64(text) else {
                throw IIOAccelerometerError(directory, "\(attribute) is not an integer: '\(text.prefix(40))'")
            }
            values[index] = (Double(raw) + offset[index]) * scale[index]
        }
        return (values[0], values[1], values[2])
    }

    private static func deviceNumber(_ name: String) -> Int {
        Int(name.dropFirst("iio:device".count)) ?? Int.max
    }
}
