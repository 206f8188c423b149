/// Why an IIO device cannot be read as an accelerometer.
public struct IIOAccelerometerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The device's directory and what is wrong with it.
    public let description: String
    /// Whether the device looked like an accelerometer (it has the raw channels) but cannot be used.
    let isUnusable: Bool

    init(_ directory: String, _ problem: String) {
        description = "\(directory) \(problem)"
        isUnusable = !problem.hasSuffix("not an accelerometer")
    }
}
