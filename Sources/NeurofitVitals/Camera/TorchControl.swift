/// A torch the capture loop switches (CAMERA.md §2): a V4L2 flash subdevice, an LED class device, or a test
/// double. Used from one thread at a time.
public protocol TorchControl: AnyObject {
    /// Where the torch is, for messages and diagnostics.
    var location: String { get }
    /// Whether the torch is on as far as this process knows.
    var isOn: Bool { get }
    /// Switches the torch on or off; off never fails loudly (it is called on every teardown path).
    func set(on: Bool) throws(CaptureError)
}
