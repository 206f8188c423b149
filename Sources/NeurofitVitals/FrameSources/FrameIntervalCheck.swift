import PpgCore
import StrictJSON

/// Catches host timestamps in the wrong unit from the first frames: the typical (median) interval of the first
/// `sampleCount` intervals must lie within `toleranceFactor` of the tier's frame interval. Milliseconds passed as
/// microseconds make frames 1000× too close (a 30 fps tier would see 33 µs), nanoseconds 1000× too far apart (33 s);
/// the session would otherwise position silently forever or report frame drops without end.
///
/// Once the typical interval is plausible the check is done; if it is not, every later frame is refused with the
/// same explanation until the source is opened again (the host's clock is wrong, not one frame).
struct FrameIntervalCheck {
    /// Intervals looked at before deciding.
    static let sampleCount = 8
    /// How far from the tier's interval the typical one may be: wide enough for any real camera on any tier
    /// (240 fps frames on a 30 fps tier are 8× closer), narrow enough to catch a unit off by 1000.
    static let toleranceFactor = 10.0

    private let tierInterval: Double
    private var intervals: [Double] = []
    private var previous: Int64?
    private var verdict: Verdict = .undecided

    private enum Verdict {
        case undecided, plausible
        case implausible(VitalsError)
    }

    /// A check for frames of a source at `fpsTier`.
    init(fpsTier: Int) {
        tierInterval = 1 / Double(max(1, fpsTier))
    }

    /// Notes a frame stamped `timestamp` (µs, already known to increase).
    /// - Throws: `invalidArgument` naming the typical interval and the unit it suggests, once decided implausible.
    mutating func check(_ timestamp: Int64) throws(VitalsError) {
        switch verdict {
        case .plausible: return
        case .implausible(let error): throw error
        case .undecided: break
        }
        defer { previous = timestamp }
        guard let previous else { return }
        let (difference, overflow) = timestamp.subtractingReportingOverflow(previous)
        intervals.append(overflow ? Double.greatestFiniteMagnitude : Double(difference) / 1e6)
        guard intervals.count >= Self.sampleCount, let typical = Statistics.median(intervals) else { return }
        let ratio = typical / tierInterval
        if ratio >= 1 / Self.toleranceFactor && ratio <= Self.toleranceFactor {
            verdict = .plausible
            intervals = []
            return
        }
        let error = VitalsError.invalidArgument(Self.explanation(typical: typical, ratio: ratio,
                                                                 fpsTier: Int((1 / tierInterval).rounded())))
        verdict = .implausible(error)
        throw error
    }

    private static func explanation(typical: Double, ratio: Double, fpsTier: Int) -> String {
        let unit = ratio < 1 ? (ratio * 1000 >= 1 / toleranceFactor ? "milliseconds" : nil)
            : (ratio / 1000 <= toleranceFactor ? "nanoseconds" : nil)
        let shown = typical < 1 ? "\(JSONValue.numberText((typical * 1e6).rounded())) µs" : "\(JSONValue.numberText(typical)) s"
        return "The frames come \(shown) apart on a \(fpsTier) fps tier: timestamps must be microseconds"
            + (unit.map { " (these look like \($0))" } ?? "") + "; frames are refused until the session starts again"
    }
}
