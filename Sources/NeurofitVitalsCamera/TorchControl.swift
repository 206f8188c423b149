import NeurofitVitals
/// A torch the capture loop switches: a V4L2 flash subdevice, an LED class device, or a test
/// double. Used from one thread at a time.
public protocol TorchControl: AnyObject {
    /// Where the torch is, for messages and diagnostics.
    var location: String { get }
    /// Whether the torch is on as far as this process knows.
    var isOn: Bool { get }
    /// Switches the torch on or off; off never fails loudly (it is called on every teardown path).
    func set(on: Bool) throws(CaptureError)
    /// The intensity steps the torch offers, or nil when it only switches on and off.
    var intensityRange: ClosedRange<Int>? { get }
    /// The intensity the torch shines at when on (its driver's default until `setIntensity`).
    var intensity: Int { get }
    /// Sets the intensity (within `intensityRange`): at once when the torch is on, else from its next switch-on.
    func setIntensity(_ value: Int) throws(CaptureError)
}

extension TorchControl {
    /// On/off torches have no intensity steps.
    public var intensityRange: ClosedRange<Int>? { nil }
    /// On/off torches shine at their one level.
    public var intensity: Int { 1 }
    /// On/off torches ignore intensity changes.
    public func setIntensity(_ value: Int) throws(CaptureError) {}

    /// The torch's level 0…1 for diagnostics (`torch_level`): 0 when off, else the intensity over the range's
    /// top (1 for on/off torches).
    public var level: Double {
        guard isOn else { return 0 }
        guard let range = intensityRange, range.upperBound > 0 else { return 1 }
        return Double(intensity) / Double(range.upperBound)
    }
}
