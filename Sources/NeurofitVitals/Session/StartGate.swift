/// The positioning start gate: the reading starts when enough of the last `window` previews were eligible
/// and the current one is.
struct StartGate {
    /// Previews the gate looks back over.
    private let windowTicks: Int
    /// Eligible previews among them that fill the gate.
    private let requiredTicks: Int
    /// The window's previews, oldest first: whether each was eligible, and the seconds of faint-pulse evidence it
    /// counted through (0 unless it was eligible only through that evidence).
    private var recent: [(eligible: Bool, faintEvidenceSeconds: Double)] = []

    /// A gate over `windowSeconds` of previews (one per second) needing `requiredFraction` of them eligible. Values
    /// that `VitalsConfiguration.validate()` refuses are clamped here (0...3600 s, 0...1), never trapped on.
    init(windowSeconds: Double, requiredFraction: Double) {
        let window = windowSeconds.isFinite ? min(max(windowSeconds, 0), 3600) : 3600
        let fraction = requiredFraction.isFinite ? min(max(requiredFraction, 0), 1) : 1
        windowTicks = max(1, Int(window.rounded()))
        requiredTicks = max(1, Int((fraction * Double(windowTicks)).rounded(.up)))
    }

    /// Records one preview's eligibility; `faintEvidenceSeconds` is the span of the faint-pulse evidence an eligible
    /// preview counted only through (`LiveTick.faintPulseEvidenceSeconds`), 0 for any other.
    mutating func record(eligible: Bool, faintEvidenceSeconds: Double = 0) {
        recent.append((eligible, eligible ? max(faintEvidenceSeconds, 0) : 0))
        if recent.count > windowTicks { recent.removeFirst(recent.count - windowTicks) }
    }

    /// The gate's fill, 0…1 (`startProgress`).
    var progress: Double {
        min(1, Double(eligibleCount) / Double(requiredTicks))
    }

    /// Whether the reading may start: the gate is full and the latest preview was eligible.
    var isOpen: Bool {
        recent.last?.eligible == true && eligibleCount >= requiredTicks
    }

    /// The longest span of faint-pulse evidence among the window's eligible previews that counted only through it;
    /// 0 when every one of them was eligible on its own.
    var longestFaintEvidenceSeconds: Double {
        recent.map(\.faintEvidenceSeconds).max() ?? 0
    }

    /// Empties the window (after a start or a cancel).
    mutating func reset() {
        recent.removeAll(keepingCapacity: true)
    }

    private var eligibleCount: Int {
        recent.filter(\.eligible).count
    }
}
