import CPipeWire

/// The exposure controls a PipeWire camera node offers, in the exposure tuner's units: libcamera's `AeEnable`,
/// `ExposureTime` (µs) and `AnalogueGain` (a factor), as PipeWire's libcamera plugin publishes them. The tuner's
/// exposure unit is 100 µs (as V4L2's `EXPOSURE_ABSOLUTE`) and its gain unit a hundredth of the analogue gain (the
/// ISO-like 100 at gain 1), so both stay integers and the diagnostics read the same for both kinds of camera.
struct PipeWireExposure: Equatable {
    /// The node's `ExposureTime` range (100 µs units).
    var exposure: ClosedRange<Int>
    /// The node's `AnalogueGain` range (hundredths), nil when it offers none.
    var gain: ClosedRange<Int>?
    /// The node's default exposure and gain: where the tuner starts.
    var start: ExposureSetting

    /// The controls `offered`, or nil when the node cannot be put on manual exposure (no `AeEnable` or no
    /// `ExposureTime`, or an exposure range shorter than 100 µs).
    init?(_ offered: nfv_pw_exposure) {
        guard offered.has_auto != 0, offered.has_time != 0 else { return nil }
        let lowest = (Int(offered.time_min_us) + 99) / 100, highest = Int(offered.time_max_us) / 100
        guard lowest <= highest, highest > 0 else { return nil }
        exposure = max(lowest, 1)...highest
        if offered.has_gain != 0, offered.gain_min > 0, offered.gain_max >= offered.gain_min {
            gain = Self.hundredths(offered.gain_min)...Self.hundredths(offered.gain_max)
        }
        let startExposure = min(max(Int(offered.time_default_us) / 100, exposure.lowerBound), exposure.upperBound)
        start = ExposureSetting(exposure: startExposure, gain: gain.map { range in
            min(max(Self.hundredths(offered.gain_default), range.lowerBound), range.upperBound)
        })
    }

    /// The limits at `fps` for the tuner.
    func limits(fps: Int) -> ExposureLimits {
        ExposureLimits(exposure: exposure, gain: gain, fps: fps)
    }

    /// `setting`'s exposure time in µs.
    static func microseconds(_ setting: ExposureSetting) -> Int32 {
        Int32(clamping: setting.exposure * 100)
    }

    /// `setting`'s analogue gain, 0 when it has none (the node's gain is left as it is).
    static func analogueGain(_ setting: ExposureSetting) -> Float {
        setting.gain.map { Float($0) / 100 } ?? 0
    }

    private static func hundredths(_ gain: Float) -> Int {
        Int((Double(gain) * 100).rounded())
    }
}
