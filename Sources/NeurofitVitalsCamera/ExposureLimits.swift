import NeurofitVitals
/// What the exposure tuner may set on one camera at one frame rate.
public struct ExposureLimits: Sendable, Equatable {
    /// Range of `V4L2_CID_EXPOSURE_ABSOLUTE` (100 µs units).
    public var exposure: ClosedRange<Int>
    /// Range of `V4L2_CID_GAIN`, or nil without a gain control.
    public var gain: ClosedRange<Int>?
    /// Longest exposure the frame rate allows: 0.9 of the frame period (60 fps → 150, 30 → 300, 20 → 450),
    /// within `exposure`.
    public var exposureCap: Int
    /// The torch's intensity steps, or nil when it only switches on and off (or there is no torch). The tuner
    /// lowers the torch only when the exposure and the gain are already at their minimum.
    public var torchIntensity: ClosedRange<Int>?

    /// Limits for a camera running at `fps`, with a torch dimmable over `torchIntensity`.
    public init(exposure: ClosedRange<Int>, gain: ClosedRange<Int>?, fps: Int,
                torchIntensity: ClosedRange<Int>? = nil) {
        self.exposure = exposure
        self.gain = gain
        self.torchIntensity = torchIntensity
        let cap = Int((0.9 * 10_000 / Double(max(fps, 1))).rounded(.down))
        exposureCap = min(max(cap, exposure.lowerBound), exposure.upperBound)
    }

    /// Gain steps worth one unit of sensitivity above the minimum: the tuner's linear gain model is
    /// `sensitivity = exposure × (1 + (gain − minimum) / gainUnit)`, so the full gain range multiplies it by 9.
    public var gainUnit: Double {
        guard let gain else { return 1 }
        return max(1, Double(gain.upperBound - gain.lowerBound) / 8)
    }

    /// The relative sensitivity of `setting` under the linear model.
    public func sensitivity(of setting: ExposureSetting) -> Double {
        let gainFactor = gain.map { range in
            1 + Double((setting.gain ?? range.lowerBound) - range.lowerBound) / gainUnit
        }
        return Double(setting.exposure) * (gainFactor ?? 1)
    }

    /// The setting closest to `sensitivity`: exposure up to the cap first, then gain; minimum gain when the
    /// exposure alone suffices (so a too-bright frame lowers the gain before the exposure).
    public func setting(forSensitivity sensitivity: Double) -> ExposureSetting {
        let cap = Double(exposureCap)
        guard let gain, sensitivity > cap else {
            let exposure = min(max(sensitivity.rounded(), Double(exposure.lowerBound)), cap)
            return ExposureSetting(exposure: Int(exposure), gain: gain?.lowerBound)
        }
        let steps = ((sensitivity / cap - 1) * gainUnit).rounded()
        let value = min(Double(gain.lowerBound) + steps, Double(gain.upperBound))
        return ExposureSetting(exposure: exposureCap, gain: Int(value))
    }
}
